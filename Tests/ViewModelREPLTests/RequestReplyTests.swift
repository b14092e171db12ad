import Foundation
import TestSupport
import Testing

/// The properties a driving program relies on, checked in-process: one reply per request, in
/// order, and bad input that gets one error and changes nothing.
struct RequestReplyTests {
    @Test func everyRequestGetsExactlyOneReplyAndSeqAlwaysIncreases() async throws {
        let script = [
            "# a comment", "", "screens", "use users", "load", "bogus", "use foo", "event hello x=1", "describe",
            "use users", "wait", "retry", "cancel", "help", "help load", "help nope", "mock users={}", "real", "state",
        ]
        let transcript = try await SessionTranscript.run(script)
        let seqs = transcript.lines.compactMap { $0["seq"] as? Int }
        #expect(seqs == Array(0..<transcript.lines.count))
        let requestLines = script.indices.map { $0 + 1 }.filter { !script[$0 - 1].isEmpty && !script[$0 - 1].hasPrefix("#") }
        #expect(transcript.replies.compactMap { $0["line"] as? Int } == requestLines)
    }

    @Test(
        arguments: [
            ("frobnicate", "unknown_command", 1),
            ("use nowhere", "unknown_screen", nil),
            ("event helo", "unknown_event", nil),
            ("event hello extra=1", "bad_event_arguments", nil),
            ("event hello 'unterminated", "syntax", 13),
            ("mock text=", "syntax", 11),
            ("mock state={\"text\":1}", "bad_state", nil),
            ("mock state={\"text\":", "invalid_json", 20),
            ("mock nope=1", "unknown_field", nil),
            ("{\"id\":1,\"cmd\":\"event\",\"name\":", "invalid_json", 30),
            ("{\"id\":1}", "bad_arguments", nil),
            ("{\"id\":1,\"cmd\":\"use\",\"screen\":3}", "bad_arguments", nil),
            ("[1,2]", "unknown_command", 1),
            ("load", "not_loadable", nil),
            ("expect text == \"nope\"", "expectation_failed", nil),
            ("wait until text == \"nope\"", "timeout", nil),
            ("advance soon", "bad_arguments", 9),
            ("state a b", "bad_arguments", 9),
            ("state extra", "bad_arguments", nil),
        ] as [(String, String, Int?)])
    func badInputGetsOneErrorAndChangesNothing(line: String, code: String, column: Int?) async throws {
        let transcript = try await SessionTranscript.run(["use foo", "event hello", line, "state"])
        #expect(transcript.lines.count == 5)
        let error = try #require(transcript.reply(3))
        #expect(error["type"] as? String == "error")
        #expect(error["code"] as? String == code)
        #expect(error["column"] as? Int == column)
        #expect((error["message"] as? String)?.isEmpty == false)
        #expect(json(transcript.reply(4)?["state"]) == #"{"sheetIsPresented":false,"text":"👋"}"#)
        #expect(transcript.reply(4)?["model"] as? String == "real")
    }

    @Test func outputStaysValidUTF8WhateverTheStateHolds() async throws {
        let transcript = try await SessionTranscript.run([
            "use foo",
            #"mock text="\ud800 lone, \u0007 bell, \" quote, \n newline, 🙂""#,
            "state",
        ])
        #expect(value(transcript.reply(3), "state.text") as? String == "\u{FFFD} lone, \u{07} bell, \" quote, \n newline, 🙂")
    }
}
