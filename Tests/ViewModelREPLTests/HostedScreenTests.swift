import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// View models hosted as written (the seeds in `Examples/ExampleScreens/Seeds`): state by
/// reflection, actions, tracked work and the preview, on virtual time.
@Suite struct HostedScreenTests {
    /// A view model that sleeps on the real clock, not the one it was given.
    @MainActor
    final class Napper {
        var rested = false

        func nap() async throws {
            try await Task.sleep(for: .seconds(3600))
            rested = true
        }
    }

    @Test func workOnTheRealClockIsNotedNamingTheScreenAndTheFix() async throws {
        var screens = ScreenRegistry()
        screens.register("napper", summary: "sleeps for real", actions: [.action("nap", drives: .load) { try await $0.nap() }]) { _ in Napper() }
        let result = try await SessionTranscript.run(
            ["use napper", "load", "wait timeout=300ms", "cancel", "wait", "state"], screens: screens, stallNotice: .milliseconds(20))
        let notes = result.lines.filter { $0["type"] as? String == "log" }
        #expect(notes.count == 1)
        #expect(notes.first?["screen"] as? String == "napper")
        #expect(notes.first?["line"] as? Int == 2)
        #expect(notes.first?["push"] as? Bool == true)
        #expect((notes.first?["message"] as? String)?.contains("context.clock") == true)
        #expect(result.reply(3)?["code"] as? String == "timeout")
        #expect(value(result.reply(6), "state.rested") as? Bool == false)
        #expect(result.reply(6)?["loading"] == nil)
    }

    @Test func workAsleepOnTheVirtualClockIsNeverNoted() async throws {
        let result = try await SessionTranscript.run(["use posts-tutorial", "load", "wait", "use viewstate-example", "load", "wait"], stallNotice: .zero)
        #expect(!result.lines.contains { $0["type"] as? String == "log" })
    }
    @Test func seed000LoadAndWaitFinishOnVirtualTimeAndTheCoinFollowsTheSeed() async throws {
        var outcomes: [String: Set<UInt64>] = [:]
        for seed in UInt64(1)...6 {
            let first = try await SessionTranscript.run(["use viewstate-example", "load", "wait"], arguments: ["--seed=\(seed)"])
            let again = try await SessionTranscript.run(["use viewstate-example", "load", "wait"], arguments: ["--seed=\(seed)"])
            #expect(first.text == again.text, "seed \(seed) gave two runs")
            let state = value(first.reply(3), "state.stateWrapper.state")
            let outcome = (state as? [String: Any])?.keys.first ?? "\(state ?? "none")"
            outcomes[outcome, default: []].insert(seed)
            if outcome == "error" {
                #expect(value(first.reply(3), "state.stateWrapper.state.error.type") as? String == "SomeError")
            }
            // The load's end is pushed with the line that started it.
            #expect(first.pushes.last?["line"] as? Int == 2)
        }
        #expect(Set(outcomes.keys) == ["loaded", "error"], "\(outcomes)")
    }

    @Test func seed001CancelIsNeverAnError() async throws {
        let result = try await SessionTranscript.run(["use async-content", "load", "cancel", "wait"])
        #expect(!result.lines.contains { $0["type"] as? String == "error" })
        #expect(json(value(result.reply(4), "state")) == #"{"state":"loading"}"#)
    }

    @Test func seed003LoadsItsOwnLoadStateAndMocksBackExactly() async throws {
        let result = try await SessionTranscript.run([
            "use posts-tutorial", "load", "wait", #"mock state={"state":{"failed":"offline"}}"#, "event load", "real", "describe",
        ])
        #expect((value(result.reply(3), "state.state.loaded") as? [[String: Any]])?.first?["title"] as? String == "Why MVVM")
        #expect(json(value(result.reply(4), "state")) == #"{"state":{"failed":"offline"}}"#)
        #expect(result.reply(5)?["type"] as? String == "event")
        #expect(value(result.reply(6), "model") as? String == "real")
        // The seed's own LoadState lists its cases, from the type.
        #expect(json(value(result.reply(7), "fields")) == #"[{"cases":["loaded([Post])","failed(String)","loading"],"name":"state","type":"LoadState"}]"#)
        #expect(json(value(result.reply(7), "events")) == #"[{"args":[],"name":"load"}]"#)
    }

    @Test func badInputToAHostedScreenChangesNothing() async throws {
        let result = try await SessionTranscript.run([
            "use posts-tutorial", "event lod", "write state=1", #"mock nothing=1"#, "state",
        ])
        #expect(result.reply(2)?["code"] as? String == "unknown_event")
        #expect(result.reply(3)?["code"] as? String == "not_writable")
        #expect(result.reply(4)?["code"] as? String == "unknown_field")
        #expect(json(value(result.reply(5), "state")) == #"{"state":"loading"}"#)
        #expect(value(result.reply(5), "model") as? String == "real")
    }
}
