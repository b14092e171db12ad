import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// Stubs drive a real view model's dependencies: failures, retries, hangs, delays, call records.
struct StubTests {
    enum Status: Codable, Sendable { case pending, completed }

    @MainActor final class Upload {
        let status: @Sendable () async throws -> Status
        var shown: Status?
        init(status: @escaping @Sendable () async throws -> Status) { self.status = status }
        func check() async throws { shown = try await status() }
    }

    /// A stub takes a case in the form the state prints it (`"completed"`), as it takes an ISO date.
    @Test @MainActor func aStubTakesACaseAsTheStatePrintsIt() async throws {
        var screens = ScreenRegistry()
        screens.register("upload", summary: "a status", actions: [.action("check") { (model: Upload) in try await model.check() }]) { context in
            Upload(status: context.dependency("status", live: { Status.pending }))
        }
        let transcript = try await SessionTranscript.run(
            ["use upload", #"stub status value="completed""#, "event check", "wait", #"expect shown == "completed""#, #"stub status value="gone""#],
            screens: screens)
        #expect(transcript.reply(2)?["type"] as? String == "ok")
        #expect(transcript.reply(5)?["type"] as? String == "ok")
        #expect(transcript.reply(6)?["code"] as? String == "bad_stub")
    }

    /// A count out of range is named as given, not as its kind.
    @Test func aStubCountOutOfRangeSaysWhatWasGiven() async throws {
        let transcript = try await SessionTranscript.run(["use users", "stub fetch value=[] times=0", #"stub fetch value=[] times="x""#])
        #expect(transcript.reply(2)?["message"] as? String == #""times" must be a whole number above 0, not 0"#)
        #expect(transcript.reply(3)?["message"] as? String == #""times" must be a whole number above 0, not string"#)
    }

    @Test func anErrorThenARetryThatSucceeds() async throws {
        let transcript = try await SessionTranscript.run([
            "use users", #"stub fetch value=[{"name":"Ada"}]"#, #"stub fetch error="offline" times=1"#, "load", "wait", "retry", "wait",
            "expect @calls.fetch.count == 2", #"expect @calls.fetch[0].outcome == "error""#, #"expect @calls.fetch[1].value == [{"name":"Ada"}]"#,
        ])
        #expect(value(transcript.reply(5), "state.users.failure.message") as? String == "offline")
        #expect(json(value(transcript.reply(7), "state.users.value")) == #"[{"name":"Ada"}]"#)
        #expect(transcript.status == 0)
    }

    @Test func aFailedReloadKeepsTheLastValueAndShowsTheStubsMessage() async throws {
        let transcript = try await SessionTranscript.run(
            ["use greeting", #"stub fetch value="hi""#, "load", "wait", #"stub fetch error="down""#, "reload", "wait"])
        #expect(value(transcript.reply(7), "state.value") as? String == "hi")
        #expect(value(transcript.reply(7), "state.failure.message") as? String == "down")
    }

    @Test func aHangCancelledGoesBackToWhatWasShownWithNoError() async throws {
        let transcript = try await SessionTranscript.run(
            ["use posts", #"stub fetch value=[]"#, "load", "wait", "stub fetch hang", "reload", "wait timeout=5s", "cancel", "calls fetch"])
        #expect(transcript.reply(7)?["code"] as? String == "timeout")
        #expect(json(transcript.reply(8)?["state"]) == json(transcript.reply(4)?["state"]))
        let calls = try #require(transcript.reply(9)?["calls"] as? [[String: Any]])
        #expect(calls.map { $0["outcome"] as? String } == ["value", "cancelled"])
    }

    @Test func aWaitThatCannotFinishSaysSoAtOnceNamingWhatIsStillLoading() async throws {
        let transcript = try await SessionTranscript.run(["use users", "stub fetch hang", "load", "wait timeout=1h"])
        #expect(transcript.reply(4)?["code"] as? String == "timeout")
        #expect((transcript.reply(4)?["message"] as? String)?.hasSuffix("; still loading: users") == true)
    }

    @Test func pastTheCallLimitTheOldestHalfIsDroppedAndEveryCallStillEndsInItsOwnRecord() async throws {
        let loads = 1100
        let transcript = try await SessionTranscript.run(
            ["use users", "stub fetch value=[]"] + Array(repeating: ["load", "wait"], count: loads).flatMap { $0 }
                + ["calls fetch", "expect @calls.fetch.count == \(loads)", "expect @calls.fetch.dropped == 500"])
        let reply = transcript.reply(3 + 2 * loads)
        let calls = try #require(reply?["calls"] as? [[String: Any]])
        #expect(calls.count == loads - 500)
        #expect(calls.allSatisfy { $0["outcome"] as? String == "value" })
        // A capped list says so, and `count` counts every call made, there and in `@calls`.
        #expect(reply?["dropped"] as? Int == 500)
        #expect(reply?["count"] as? Int == loads)
        #expect(transcript.reply(4 + 2 * loads)?["type"] as? String == "ok")
        #expect(transcript.reply(5 + 2 * loads)?["type"] as? String == "ok")
    }

    @Test(.timeLimit(.minutes(1))) func onRealTimeAWaitEndsAtItsTimeoutAndALaterShorterWaitAtItsOwn() async throws {
        let transcript = try await SessionTranscript.run(
            ["use users", "stub fetch hang", "load", "wait timeout=300ms", "wait timeout=100ms", "cancel"], arguments: ["--clock=real"])
        #expect(transcript.reply(4)?["code"] as? String == "timeout")
        #expect(transcript.reply(5)?["code"] as? String == "timeout")
        #expect(value(transcript.reply(6), "state.users.phase") as? String == "initial")
    }

    @Test func aDelayIsKeptExactlyOnVirtualTime() async throws {
        let transcript = try await SessionTranscript.run(
            ["use users", "stub fetch value=[] delay=3s", "load", "advance 2999ms", "state", "advance 1ms", "state", "calls fetch"])
        #expect(value(transcript.reply(5), "state.users.phase") as? String == "loading")
        #expect(value(transcript.reply(7), "state.users.phase") as? String == "loaded")
        let call = try #require((transcript.reply(8)?["calls"] as? [[String: Any]])?.first)
        #expect(call["started"] as? Double == 0)
        #expect(call["ended"] as? Double == 3)
    }

    @Test(arguments: [
        (["use users", #"stub fetch value={"name":1}"#], "bad_stub"),
        (["use users", "stub nope value=[]"], "unknown_dependency"),
        (["use foo", "stub fetch value=[]"], "unknown_dependency"),
        (["stub fetch value=[]"], "no_screen"),
        (["use users", "stub fetch value=[] error=x"], "bad_arguments"),
    ])
    func badStubsAreClearErrorsThatChangeNothing(lines: [String], code: String) async throws {
        let transcript = try await SessionTranscript.run(lines + ["describe"])
        #expect(transcript.reply(lines.count)?["code"] as? String == code)
        if lines.count > 1 {
            let dependencies = value(transcript.reply(lines.count + 1), "dependencies") as? [[String: Any]]
            #expect(dependencies?.allSatisfy { ($0["stubs"] as? [Any])?.isEmpty == true } ?? true)
        }
    }

    @Test func describeListsTheDependenciesWithTheirTypesAndStubs() async throws {
        let transcript = try await SessionTranscript.run(["use users", "stub fetch hang times=2", "describe", "unstub", "describe"])
        #expect(
            json(value(transcript.reply(3), "dependencies")) == #"[{"input":null,"name":"fetch","output":"Array<User>","stubs":[{"hang":true,"times":2}]}]"#)
        #expect(json(value(transcript.reply(5), "dependencies.0.stubs")) == "[]")
    }
}
