import LineEditor
import Testing

struct UTF8AssemblerTests {
    @Test(arguments: ["a", "é", "👋", "日本", "x😢y"])
    func assemblesWhatWasTypedByteByByte(text: String) {
        var assembler = UTF8Assembler()
        let scalars = text.utf8.compactMap { assembler.feed($0) }
        #expect(String(String.UnicodeScalarView(scalars)) == text)
    }

    @Test func brokenSequenceBecomesAReplacement() {
        var assembler = UTF8Assembler()
        #expect(assembler.feed(0xFF) == "\u{FFFD}")
        #expect(assembler.feed(0xE2) == nil)
        #expect(assembler.feed(0x41) == "\u{FFFD}")
    }
}

struct CompletionTests {
    @Test(arguments: [
        ("scr", ["screens", "state"], "eens ", false),
        ("s", ["screens", "state", "sleep"], "", true),
        ("st", ["state", "status="], "at", true),
        ("i", ["id=", "x="], "d=", false),
        ("zz", ["screens"], "", false),
    ])
    func insertsTheUniqueOrCommonPart(prefix: String, candidates: [String], text: String, ambiguous: Bool) {
        let insertion = Completion.insertion(for: prefix, candidates: candidates)
        #expect(insertion.text == text)
        #expect(insertion.isAmbiguous == ambiguous)
    }
}
