import Foundation
import Testing
import TestSupport

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
        #expect(json(changes[0]) == json(["type": "change", "seq": changes[0]["seq"]!, "id": "L", "line": 3, "screen": "users", "path": "users.phase", "from": "initial", "to": "loading"]))
        #expect(changes[1]["push"] as? Bool == true)
        #expect(changes[1]["id"] as? String == "L")
        // A change line comes just before the state line that shows it, and the reply stays last.
        let replyIndex = try #require(transcript.lines.firstIndex { $0["line"] as? Int == 3 && $0["type"] as? String == "state" })
        #expect(transcript.lines[replyIndex - 1]["type"] as? String == "change")
        // `wait` and `state` show the same phase again: nothing to report.
        #expect(!changes.contains { $0["line"] as? Int == 4 || $0["line"] as? Int == 5 })
    }

    @Test func mocksAndRealsAreChangesLikeAnyOther() async throws {
        let transcript = try await SessionTranscript.run(["use foo", "watch text", #"mock text="hi""#, #"mock text="hi""#, "real", "unwatch text", "event hello"])
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
        #expect(json(transcript.reply(5)?["watches"]) == "[]")
    }
}
