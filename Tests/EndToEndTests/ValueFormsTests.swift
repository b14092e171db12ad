import Foundation
import TestSupport
import Testing

/// `TestApps/ValuesREPL`: a `Codable` state of ordinary Swift values, printed as people read them,
/// the same in every process, and mocked back exactly; over real pipes.
@Suite struct ValueFormsTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("values-repl")
    static let printed =
        #"{"departure":"2026-11-30T00:53:20Z","languages":["de","en","fr"],"link":"https://example.com/trips/7","note":null,"phase":"planning","stops":{"1":"Paris","2":"Lyon"}}"#

    @Test func eachValueReadsAsPeopleReadItTheSameInEveryProcess() async throws {
        let input = ["use trip", "event book seats=2", #"event cancel reason="rain""#, "event move", #"event depart at="2026-12-03T09:30:00.25Z""#]
        var runs: [[String]] = []
        // A set's order comes from a hash seeded per process: five processes, one output.
        for _ in 0..<5 { runs.append(try await Transcript.run(input, binary: Self.binary).lines.map { json($0) }) }
        #expect(Set(runs).count == 1)
        let result = try await Transcript.run(input, binary: Self.binary)
        #expect(json(value(result.reply(1), "state")) == Self.printed)
        #expect(json(value(result.reply(2), "state.phase")) == #"{"booked":2}"#)
        #expect(json(value(result.reply(3), "state.phase")) == #"{"cancelled":{"reason":"rain"}}"#)
        #expect(json(value(result.reply(4), "state.phase")) == #"{"moved":[1,2]}"#)
        #expect(value(result.reply(5), "state.departure") as? String == "2026-12-03T09:30:00.250Z")
    }

    @Test func aMockOfThePrintedStateGivesItBackExactly() async throws {
        let mocked = Self.printed.replacingOccurrences(of: #""phase":"planning""#, with: #""phase":{"moved":[1,2]}"#)
        let result = try await Transcript.run(
            [
                "use trip", "mock state=\(mocked)", #"mock phase={"booked":{"_0":4}}"#, "mock departure=721692800", "expect note == null",
            ], binary: Self.binary)
        #expect(json(value(result.reply(2), "state")) == mocked)
        // Synthesized Codable's own form and the old number for a date are read back too.
        #expect(json(value(result.reply(3), "state.phase")) == #"{"booked":4}"#)
        #expect(value(result.reply(4), "state.departure") as? String == "2023-11-14T22:13:20Z")
        #expect(result.reply(5)?["type"] as? String == "ok")
    }

    @Test func aMockThatWouldNotShowAsGivenIsRefusedNamingThePlaces() async throws {
        let result = try await Transcript.run(["use trip", #"mock languages=["fr","de"]"#, "state"], binary: Self.binary)
        #expect(result.reply(2)?["code"] as? String == "bad_state")
        #expect((result.reply(2)?["message"] as? String)?.contains("at languages[0], languages[1]") == true)
        #expect(value(result.reply(3), "model") as? String == "real")
    }

    @Test func describeListsAnOptionalArgumentAndDatesAsText() async throws {
        let result = try await Transcript.run(["use trip", "describe"], binary: Self.binary)
        let events = (value(result.reply(2), "events") as? [[String: Any]] ?? []).map { json($0) }
        #expect(events.contains(#"{"args":[{"name":"note","type":"null"}],"name":"annotate"}"#))
        #expect(events.contains(#"{"args":[{"name":"at","type":"string"}],"name":"depart"}"#))
        // Each field's Swift type comes from the state's type, not its value: a nil optional is still String?.
        let fields = (value(result.reply(2), "fields") as? [[String: Any]] ?? []).map { "\($0["name"]!): \($0["swiftType"] ?? "-")" }
        #expect(fields == ["departure: Date", "languages: Set<String>", "link: URL", "note: String?", "phase: Phase", "stops: [Int: String]"])
        // An enum field lists its cases from the type: the state holds `planning` now.
        let phase = (value(result.reply(2), "fields") as? [[String: Any]])?.first { $0["name"] as? String == "phase" }
        #expect(phase?["cases"] as? [String] == ["booked(Int)", "cancelled(reason: String)", "moved(Int, Int)", "planning"])
    }

    /// An event argument of enum type lists its cases in describe and in the error when a value is not one.
    @Test func anEnumArgumentListsItsCases() async throws {
        let result = try await Transcript.run(
            ["use trip", "describe", #"event restore phase={"booked":3}"#, #"event restore phase="nope""#], binary: Self.binary)
        let restore = (value(result.reply(2), "events") as? [[String: Any]])?.first { $0["name"] as? String == "restore" }
        #expect(
            json(restore?["args"]) == #"[{"cases":["booked(Int)","cancelled(reason: String)","moved(Int, Int)","planning"],"name":"phase","type":"string"}]"#)
        #expect(json(value(result.reply(3), "state.phase")) == #"{"booked":3}"#)
        #expect((result.reply(4)?["message"] as? String)?.hasSuffix("one of booked(Int), cancelled(reason: String), moved(Int, Int), planning)") == true)
    }

    @Test func codableFormsAreJSONEncodersOwn() async throws {
        let result = try await Transcript.run(["use trip", "event move"], arguments: ["--values=codable"], binary: Self.binary)
        #expect(json(value(result.reply(1), "state.departure")) == "817692800")
        #expect(value(result.reply(1), "state.note") == nil)
        #expect(json(value(result.reply(2), "state.phase")) == #"{"moved":{"_0":1,"_1":2}}"#)
    }

    /// An `@Observable` class shown through key paths is heard when anything changes it: a
    /// detached task's change, which no command made and no work of the session's tracks, is
    /// pushed as it happens, while the input is still open.
    @Test func aChangeNothingTrackedMadeIsPushedAsItHappens() async throws {
        let repl = try VMReplProcess([], binary: Self.binary)
        // Bounds a failure only: without the push this test would otherwise wait for ever.
        let deadline = Task {
            try await Task.sleep(for: .seconds(60))
            repl.kill()
        }
        defer { deadline.cancel() }
        _ = try await repl.next()
        _ = try await repl.request("use ticker", line: 1)
        let started = try await repl.request("event tickElsewhere", line: 2)
        #expect(value(started.reply, "state.ticks") as? Int == 0)
        let pushed = try await repl.next()
        #expect(pushed["push"] as? Bool == true)
        #expect(value(pushed, "state.ticks") as? Int == 1)
        repl.closeInput()
        #expect(try await repl.rest().isEmpty)
        #expect(await repl.exitStatus() == 0)
    }
}
