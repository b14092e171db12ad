import Foundation
import TestSupport
import Testing

/// `watch PATH`: one `change` line per change, whatever caused it, tagged with its cause.
struct WatchTests {
    private func changes(_ transcript: SessionTranscript) -> [[String: Any]] {
        transcript.lines.filter { $0["type"] as? String == "change" }
    }

    @Test func aLoadsChangesAreReportedOnceEachWithTheRequestThatStartedIt() async throws {
        let transcript = try await SessionTranscript.run(
            ["use users", "watch users.phase", #"{"id":"L","cmd":"load"}"#, "wait", "state", "event loadTapped", "wait"], arguments: ["--seed=5"])
        let changes = changes(transcript)
        #expect(changes.count >= 4)
        #expect(
            json(changes[0])
                == json([
                    "type": "change", "seq": changes[0]["seq"]!, "id": "L", "line": 3, "screen": "users", "path": "users.phase", "from": "initial",
                    "to": "loading",
                ]))
        #expect(changes[1]["push"] as? Bool == true)
        #expect(changes[1]["id"] as? String == "L")
        // A change line comes just before the state line that shows it, and the reply stays last.
        let replyIndex = try #require(transcript.lines.firstIndex { $0["line"] as? Int == 3 && $0["type"] as? String == "state" })
        #expect(transcript.lines[replyIndex - 1]["type"] as? String == "change")
        // `wait` and `state` show the same phase again: nothing to report.
        #expect(!changes.contains { $0["line"] as? Int == 4 || $0["line"] as? Int == 5 })
    }

    @Test func mocksAndRealsAreChangesLikeAnyOther() async throws {
        let transcript = try await SessionTranscript.run([
            "use foo", "watch text", #"mock text="hi""#, #"mock text="hi""#, "real", "unwatch text", "event hello",
        ])
        let changes = changes(transcript)
        #expect(changes.map { $0["line"] as? Int } == [3, 5])
        #expect(changes.map { $0["to"] as? String } == ["hi", "Nothing has happened yet."])
    }

    @Test func theEventsThePreviewRecordsCanBeWatched() async throws {
        let transcript = try await SessionTranscript.run(["use foo", #"mock text="x""#, "watch @events[-1]", "event hello", "event hello", "event goodbye"])
        #expect(changes(transcript).map { $0["line"] as? Int } == [4, 6])
        #expect(json(changes(transcript).first?["to"]) == #"{"hello":{}}"#)
    }

    @Test func aPathThatLeadsNowhereIsAbsent() async throws {
        let transcript = try await SessionTranscript.run(["use users", "watch users.value[1].name", "load", "wait"])
        let change = try #require(changes(transcript).first)
        #expect(change["from"] == nil)
        #expect(change["to"] as? String == "Muralla")
    }

    @Test func unwatchingWhatIsNotWatchedIsAnError() async throws {
        let transcript = try await SessionTranscript.run(["use foo", "unwatch text", "watch text", "watch", "unwatch"])
        #expect(transcript.reply(2)?["code"] as? String == "bad_arguments")
        #expect(json(transcript.reply(4)?["watches"]) == #"["text"]"#)
        #expect(transcript.reply(5)?["count"] as? Int == 0)
    }

    /// A reply says what changed, not the whole list: a thousand watches, invariants and stubs
    /// cost a thousand short replies (3,000 watches once gave 110 MB of output).
    @Test func repliesSayWhatChangedAndListOnRequest() async throws {
        let count = 1_000
        var lines = ["use users"]
        lines += (0..<count).map { "watch users.value[\($0)].name" }
        lines += (0..<count).map { "invariant users.attempt != \(-1 - $0)" }
        lines += (0..<count).map { _ in "stub fetch value=[]" }
        lines += ["watch", "invariants", "unwatch users.value[0].name"]
        let transcript = try await SessionTranscript.run(lines)
        let watch = try #require(transcript.reply(1 + count))
        #expect(
            json(watch)
                == json([
                    "type": "ok", "seq": watch["seq"]!, "line": 1 + count, "cmd": "watch", "screen": "users", "watch": "users.value[999].name", "count": count,
                ]))
        let invariant = try #require(transcript.reply(1 + 2 * count))
        #expect(invariant["invariant"] as? String == "users.attempt != -1000" && invariant["count"] as? Int == count && invariant["invariants"] == nil)
        let stub = try #require(transcript.reply(1 + 3 * count))
        #expect(json(stub["stub"]) == #"{"value":[]}"# && stub["count"] as? Int == count && stub["stubs"] == nil)
        #expect((transcript.reply(2 + 3 * count)?["watches"] as? [String])?.count == count)
        #expect((transcript.reply(3 + 3 * count)?["invariants"] as? [String])?.count == count)
        #expect(transcript.reply(4 + 3 * count)?["unwatch"] as? String == "users.value[0].name")
        #expect(transcript.reply(4 + 3 * count)?["count"] as? Int == count - 1)
        // Every reply of the three thousand is short: the output grows with the count, not its square.
        #expect(transcript.text.reduce(0) { $0 + $1.utf8.count } < 2_000_000)
    }
}
