import Foundation
import Testing
import TestSupport

/// View models hosted as written (the seeds in `Examples/ExampleScreens/Seeds`): state by
/// reflection, actions, tracked work and the preview, on virtual time.
@Suite struct HostedScreenTests {
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
        #expect(json(value(result.reply(7), "fields")) == #"[{"name":"state","type":"LoadState"}]"#)
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
