import Testing

@testable import ViewModelREPL

/// The crash handler's reading of the runtime's message: the last line that holds one, its place,
/// and its text written as JSON string content within a limit.
struct RuntimeMessageTests {
    private func quoted(_ text: [UInt8], limit: Int = 4096) -> (message: String, place: String?)? {
        text.withUnsafeBufferPointer { bytes in
            guard let found = RuntimeMessage.find(in: bytes) else { return nil }
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)
            defer { buffer.deallocate() }
            let count = RuntimeMessage.escape(bytes, found.message, into: buffer, at: 0, limit: limit)
            let place = found.place.map { String(decoding: bytes[$0], as: UTF8.self) }
            return (String(decoding: buffer[..<count], as: UTF8.self), place)
        }
    }

    @Test func theLastRuntimeLineIsTheMessageAndWhatComesBeforeItsKindThePlace() throws {
        let text =
            "noise\nApp/Form.swift:3: Precondition failed: old\nother\nApp/Form.swift:91: Fatal error: Unexpectedly found nil\nCurrent stack trace:\n0 x\n"
        let found = try #require(quoted(Array(text.utf8)))
        #expect(found.message == "Fatal error: Unexpectedly found nil")
        #expect(found.place == "App/Form.swift:91")
        #expect(quoted(Array("nothing here\n".utf8)) == nil)
        #expect(try #require(quoted(Array("Fatal error".utf8))).place == nil)
    }

    @Test func theMessageIsEscapedForJSONAndCutAtACharactersEndWithinItsLimit() throws {
        var text = Array("F.swift:1: Fatal error: say \"hi\" \\ tab\there é ".utf8)
        text += [0xFF, 0xED, 0xA0, 0x80]
        let found = try #require(quoted(text))
        #expect(found.message == "Fatal error: say \\\"hi\\\" \\\\ tabhere é \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
        let long = Array(("F.swift:1: Fatal error: " + String(repeating: "é", count: 100)).utf8)
        let cut = try #require(quoted(long, limit: 40))
        #expect(cut.message.utf8.count <= 40 && cut.message.hasSuffix("é"))
    }
}
