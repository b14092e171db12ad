import Foundation
import TestSupport
import Testing

/// Whole sessions on each example screen, run in-process as piped input would run.
struct SessionTests {
    @Test func readyLineComesFirstWithTheProtocolVersionAndScreens() async throws {
        let transcript = try await SessionTranscript.run([])
        #expect(
            json(transcript.lines.first)
                == #"{"clock":"virtual","protocol":"vmrepl","screens":["foo","users","greeting","posts","viewstate-example","async-content","posts-tutorial"],"seq":0,"type":"ready","version":1}"#
        )
        #expect(transcript.status == 0)
    }

    @Test func fooSessionSwapsBetweenRealAndPreview() async throws {
        let transcript = try await SessionTranscript.run([
            "use foo",  // 1
            "event hello",  // 2
            "mock text=\"This is a preview!\"",  // 3
            "event present",  // 4
            "expect @events[0] == {\"present\":{}}",  // 5
            "real",  // 6
            "event present",  // 7
            #"{"id":"last","cmd":"state"}"#,  // 8
        ])
        #expect(json(transcript.reply(2)?["state"]) == #"{"sheetIsPresented":false,"text":"👋"}"#)
        #expect(
            json(transcript.reply(3))
                == #"{"line":3,"model":"preview","screen":"foo","seq":3,"state":{"sheetIsPresented":false,"text":"This is a preview!"},"type":"state"}"#)
        #expect(json(transcript.reply(4)) == #"{"event":{"present":{}},"line":4,"model":"preview","recorded":1,"screen":"foo","seq":4,"type":"event"}"#)
        #expect(transcript.reply(5)?["type"] as? String == "ok")
        #expect(json(transcript.reply(6)?["state"]) == #"{"sheetIsPresented":false,"text":"👋"}"#)
        #expect(
            json(transcript.reply(8))
                == #"{"id":"last","line":8,"model":"real","screen":"foo","seq":8,"state":{"sheetIsPresented":true,"text":"👋"},"type":"state"}"#)
        #expect(transcript.status == 0)
    }

    @Test func usersLoadOnVirtualTimeIsInstantAndTheSameEveryRun() async throws {
        let script = ["use users", "load", "wait", "reload", "state", "wait", "load", "wait"]
        let first = try await SessionTranscript.run(script, arguments: ["--seed=42"])
        let second = try await SessionTranscript.run(script, arguments: ["--seed=42"])
        #expect(first.lines.map(json) == second.lines.map(json))
        #expect(value(first.reply(2), "state.users.isInitialLoad") as? Bool == true)
        #expect(value(first.reply(2), "loading") as? Bool == true)
        let outcome = value(first.reply(3), "state.users.phase") as? String
        #expect(outcome == "loaded" || outcome == "failed")
        // The reload keeps what was shown and is not the initial load.
        #expect(json(value(first.reply(4), "state.users.value")) == json(value(first.reply(3), "state.users.value")))
        if outcome == "loaded" { #expect(value(first.reply(4), "state.users.isInitialLoad") as? Bool == false) }
        #expect(first.pushes.allSatisfy { [2, 4, 7].contains($0["line"] as? Int ?? 0) })
    }

    @Test func greetingFailuresCountAttemptsAndRetryLoadsAgain() async throws {
        var script = ["use greeting", "load", "wait"]
        for _ in 0..<6 { script += ["retry", "wait"] }
        let transcript = try await SessionTranscript.run(script, arguments: ["--seed=3"])
        var expectedAttempt = 1
        for line in stride(from: 3, through: 15, by: 2) {
            let state = transcript.reply(line)?["state"]
            switch value(state as? [String: Any], "phase") as? String {
            case "failed":
                #expect(value(state as? [String: Any], "failure.attempt") as? Int == expectedAttempt)
                expectedAttempt += 1
            case "loaded":
                #expect(value(state as? [String: Any], "value") as? String == "Hello, World!")
                expectedAttempt = 1
            default:
                Issue.record("wait ended on \(json(state))")
            }
        }
    }

    @Test func cancelGoesBackWithoutAnError() async throws {
        let transcript = try await SessionTranscript.run(["use greeting", "load", "cancel", "wait", "state"])
        #expect(json(transcript.reply(3)?["state"]) == #"{"attempt":0,"failure":null,"isInitialLoad":false,"phase":"initial","value":null}"#)
        #expect(json(transcript.reply(5)?["state"]) == json(transcript.reply(3)?["state"]))
        #expect(transcript.status == 0)
    }

    @Test func cancellingARetryShowsTheFailureAgainAndALoadTwiceIsOneAttempt() async throws {
        let transcript = try await SessionTranscript.run(["use greeting", "load", "wait", "retry", "cancel", "load", "load"], arguments: ["--seed=0"])
        #expect(value(transcript.reply(3), "state.phase") as? String == "failed")
        #expect(json(transcript.reply(5)?["state"]) == json(transcript.reply(3)?["state"]))
        #expect(value(transcript.reply(7), "state.attempt") as? Int == 2)
        #expect(value(transcript.reply(7), "state.phase") as? String == "loading")
    }

    @Test func postsLoadOverHTTPAndSelectAndFilter() async throws {
        let body = #"[{"id":1,"title":"Why MVVM","body":"b"},{"id":2,"title":"Swift on Linux","body":"c"}]"#
        let transcript = try await LocalHTTPServer.serving(["posts.json": body]) { server in
            try await SessionTranscript.run(
                ["use posts", "load", "wait", "event select id=2", "event filter query=linux", "event select 99", "state"],
                arguments: ["--posts-url", server.url("posts.json").absoluteString])
        }
        #expect(
            json(transcript.reply(3)?["state"])
                == #"{"posts":{"attempt":0,"failure":null,"isInitialLoad":false,"phase":"loaded","value":[{"body":"b","id":1,"title":"Why MVVM"},{"body":"c","id":2,"title":"Swift on Linux"}]},"query":"","selectedPostID":null}"#
        )
        #expect(value(transcript.reply(7), "state.selectedPostID") as? Int == 2)
        #expect(value(transcript.reply(7), "state.query") as? String == "linux")
    }

    @Test func postsFailureSaysWhichHTTPStatus() async throws {
        let transcript = try await LocalHTTPServer.serving([:]) { server in
            try await SessionTranscript.run(["use posts", "load", "wait"], arguments: ["--posts-url", server.url("missing.json").absoluteString])
        }
        #expect(value(transcript.reply(3), "state.posts.phase") as? String == "failed")
        #expect((value(transcript.reply(3), "state.posts.failure.message") as? String)?.hasPrefix("HTTP 404 from ") == true)
    }

    @Test func endOfInputFinishesTheLoadInFlight() async throws {
        let transcript = try await SessionTranscript.run(["use users", "load"])
        let last = try #require(transcript.lines.last)
        #expect(last["push"] as? Bool == true)
        #expect(last["line"] as? Int == 2)
        #expect(["loaded", "failed"].contains(value(last, "state.users.phase") as? String ?? ""))
        #expect(transcript.status == 0)
    }

    @Test(arguments: [
        (["use foo", "event nope"], Int32(1)),
        (["use foo", "expect text == \"no\""], Int32(3)),
        (["use foo", "event hello"], Int32(0)),
    ])
    func exitStatusSaysHowTheInputEnded(script: [String], status: Int32) async throws {
        #expect(try await SessionTranscript.run(script).status == status)
    }
}
