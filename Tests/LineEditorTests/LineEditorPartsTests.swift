import LineEditor
import Testing

struct UTF8AssemblerTests {
    @Test(arguments: ["a", "é", "👋", "日本", "x😢y"])
    func assemblesWhatWasTypedByteByByte(text: String) {
        var assembler = UTF8Assembler()
        let scalars = text.utf8.flatMap { assembler.feed($0) }
        #expect(String(String.UnicodeScalarView(scalars)) == text)
    }

    @Test func brokenSequenceBecomesAReplacementAndKeepsTheNextCharacter() {
        var assembler = UTF8Assembler()
        #expect(assembler.feed(0xFF) == ["\u{FFFD}"])
        #expect(assembler.feed(0xE2) == [])
        #expect(assembler.feed(0x41) == ["\u{FFFD}", "A"])
        #expect(assembler.feed(0xE2) == [])
        #expect(assembler.feed(0xF0) == ["\u{FFFD}"])
        #expect(assembler.feed(0x9F) == [])
        #expect(assembler.feed(0x98) == [])
        #expect(assembler.feed(0x80) == ["😀"])
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
