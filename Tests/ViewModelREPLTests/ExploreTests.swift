import ExampleScreens
import Foundation
import Observation
import Testing
import ViewModelKit

@testable import ViewModelREPL

/// `vmrepl explore`: generated steps find what breaks an invariant and shrink it to a script.
@MainActor
struct ExploreTests {
    private static func object(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    private func temporary(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Explores `setup` over `registry`; returns the status, the lines written and what was reported.
    private func explore(
        _ setup: String, at setupPath: String? = nil, registry: ScreenRegistry = ExampleScreens.registry(), seed: UInt64 = 0, runs: Int = 100,
        out: String? = nil
    ) async throws -> (ViewModelREPL.ExitStatus, String, [String]) {
        let path = try setupPath ?? temporary(setup)
        var bytes: [UInt8] = []
        var reports: [String] = []
        let writer = ProtocolWriter(
            output: OutputChannel {
                bytes += $0
                return true
            })
        let explorer = Explorer(
            registry: registry, options: Evaluator.Options(seed: seed), runs: runs, steps: 20, out: out ?? path + ".found.vmrepl",
            consumer: writer, report: { reports.append($0) })
        let status = await explorer.run(path)
        return (status, String(decoding: bytes, as: UTF8.self), reports)
    }

    /// `--out` in a folder that does not exist: the counterexample is still printed, steps and all,
    /// with exit status 3; the line does not name the file as written, but says it is not, and why.
    @Test func aCounterexampleThatCannotBeWrittenIsStillPrinted() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-missing-\(UUID().uuidString)/found.vmrepl").path
        let (status, output, reports) = try await explore("use foo\ninvariant text != \"😢\"\n", out: out)
        #expect(status == .expectationFailed)
        let line = try #require(Self.object(output))
        #expect(line["type"] as? String == "counterexample")
        #expect(line["steps"] as? [String] == ["event goodbye"])
        #expect(line["file"] == nil)
        #expect(line["unwritten"] as? String == out)
        #expect(line["reason"] as? String == "No such file or directory")
        #expect(reports.count == 1)
        #expect(reports.first?.hasSuffix("event goodbye; the script was not written to \(out): No such file or directory") == true, "\(reports)")
    }

    /// A setup `vmrepl run` stops at stops explore too, with the same report and status: an
    /// invariant false from the start, one on a path the state does not have, a refused line.
    @Test(arguments: [
        ("use foo\ninvariant text == \"nope\"\n", ViewModelREPL.ExitStatus.expectationFailed),
        ("use foo\ninvariant nothing == 1\n", .expectationFailed),
        ("use foo\nevent nope\ninvariant text exists\n", .requestFailed),
    ])
    func aSetupThatRunStopsAtIsNotExplored(setup: String, status expected: ViewModelREPL.ExitStatus) async throws {
        let path = try temporary(setup)
        let (status, output, reports) = try await explore(setup, at: path)
        var ran: [String] = []
        let run = await ScriptSession(
            registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: ProtocolWriter(output: OutputChannel { _ in true }),
            keepGoing: false, pace: nil, report: { ran.append($0) }
        ).run([path])
        #expect(run == expected)
        #expect(status == expected)
        #expect(reports == ran)
        #expect(reports.first?.hasPrefix("\(path):") == true, "\(reports)")
        #expect(output.isEmpty)
    }

    @Test func aBrokenInvariantIsShrunkToTheOneStepThatBreaksItAndTheScriptReplaysIt() async throws {
        let (status, output, reports) = try await explore("use foo\ninvariant text != \"😢\"\n")
        // Counts read as English: one step, not "1 steps".
        #expect(reports.contains { $0.contains("; 1 step after the setup: ") }, "\(reports)")
        #expect(status == .expectationFailed)
        let line = try #require(Self.object(output))
        #expect(line["type"] as? String == "counterexample")
        #expect(line["steps"] as? [String] == ["event goodbye"])
        let file = try #require(line["file"] as? String)
        let replay = try await SessionTranscriptRunner.run(file)
        #expect(replay == .expectationFailed)
    }

    @Test func anInvariantThatHoldsRunsTheWholeBudgetAndReportsCoverage() async throws {
        let (status, output, _) = try await explore("use users\ninvariant users.attempt exists\n", runs: 20)
        #expect(status == .success)
        let line = try #require(Self.object(output))
        #expect(line["type"] as? String == "explored")
        #expect(line["steps"] as? Int == 400)
        #expect((line["phases"] as? [String])?.contains("loaded") == true)
        #expect((line["events"] as? [String: Int])?["loadTapped"] ?? 0 > 0)
    }

    /// Steps are not kept as they run: a run that holds keeps none, and one that breaks is made
    /// again from its seed, keeping the steps up to the break.
    @Test func onlyTheStepsOfARunThatBrokeAreKept() async throws {
        let registry = ExampleScreens.registry()
        let holds = Explorer(
            registry: registry, options: Evaluator.Options(), runs: 2, steps: 500, out: nil,
            consumer: ProtocolWriter(output: OutputChannel { _ in true }), report: { _ in })
        #expect(await holds.run(try temporary("use foo\ninvariant text exists\n")) == .success)
        #expect(holds.mostStepsKept == 0)
        let path = try temporary("use foo\ninvariant text != \"😢\"\n")
        let breaks = Explorer(
            registry: registry, options: Evaluator.Options(), runs: 1, steps: 500, out: path + ".found.vmrepl",
            consumer: ProtocolWriter(output: OutputChannel { _ in true }), report: { _ in })
        #expect(await breaks.run(path) == .expectationFailed)
        #expect((1..<500).contains(breaks.mostStepsKept))
        let script = try String(contentsOfFile: path + ".found.vmrepl", encoding: .utf8)
        #expect(script.hasSuffix("# the steps that break it\nevent goodbye\nexpect text != \"😢\"\n"), "\(script)")
    }

    @Test func theSameSeedGivesTheSameResultByteForByte() async throws {
        let setup = "use posts\nstub fetch value=[{\"id\":1,\"title\":\"a\",\"body\":\"b\"}]\ninvariant selectedPostID != 1\n"
        let path = try temporary(setup)
        let first = try await explore(setup, at: path, seed: 7)
        let firstScript = try String(contentsOfFile: path + ".found.vmrepl", encoding: .utf8)
        let second = try await explore(setup, at: path, seed: 7)
        #expect(try String(contentsOfFile: path + ".found.vmrepl", encoding: .utf8) == firstScript)
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }

    @Test func stepsAreSimplifiedToPlainValuesAndShorterDurations() throws {
        func simpler(_ line: String) throws -> [String] {
            let step = try #require(try CommandParser.parse(line)).command
            return Explorer.simpler(step).map(CommandWriter.line(for:))
        }
        #expect(try simpler("advance 4ms") == ["advance 1ms", "advance 2ms"])
        #expect(try simpler(#"event select id=7"#) == ["event select id=0"])
        #expect(try simpler(#"event filter query="abc""#) == [#"event filter query="""#])
        #expect(try simpler("event select id=0").isEmpty)
        #expect(try simpler("load").isEmpty)
    }

    @Test func aBugThatNeedsThreeStepsInARowIsFoundAndShrunkToThem() async throws {
        var registry = ScreenRegistry()
        registry.register("planted", summary: "breaks after inc, inc, dec", events: PlantedEvent.allCases) { _ in PlantedViewModel() }
        let (status, output, _) = try await explore("use planted\ninvariant broken == false\n", registry: registry)
        #expect(status == .expectationFailed)
        let line = try #require(Self.object(output))
        #expect(line["steps"] as? [String] == ["event inc", "event inc", "event dec"])
    }

    /// A form hosted as written: explore writes its bindings (a case, text, a flag) as well as
    /// sending its events, with `String` arguments made from their type, so a bug only a filled-in
    /// form reaches is found and shrunk to the writes and the event.
    @Test func bindingsAreWrittenAndTypedArgumentsFilledSoAFormIsExploredFilledIn() async throws {
        var registry = ScreenRegistry()
        registry.register(
            "form", summary: "breaks when an express order with a note is sent",
            actions: [.action("send", "sender") { (model: FormModel, sender: String) in model.send(sender) }],
            bindings: [.binding("speed", \.speed), .binding("note", \.note), .binding("gift", \.gift)]
        ) { _ in FormModel() }
        let (status, output, _) = try await explore("use form\ninvariant broken == false\n", registry: registry, runs: 200)
        #expect(status == .expectationFailed)
        let line = try #require(Self.object(output))
        let steps = try #require(line["steps"] as? [String])
        #expect(steps.contains(#"write speed="express""#), "\(steps)")
        #expect(steps.contains { $0.hasPrefix("write note=") }, "\(steps)")
        #expect(steps.last?.hasPrefix("event send sender=") == true, "\(steps)")
    }
}

/// How fast an order goes.
enum FormSpeed: String, Codable, Sendable {
    case standard, express
}

/// A form whose `send` misbehaves only for an express order with a note, sent by someone named.
@MainActor
final class FormModel {
    var speed = FormSpeed.standard
    var note = ""
    var gift = false
    private(set) var broken = false

    func send(_ sender: String) {
        if speed == .express, !note.isEmpty, !sender.isEmpty { broken = true }
    }
}

/// Runs a script as `vmrepl run` does, for its exit status.
@MainActor
private enum SessionTranscriptRunner {
    static func run(_ path: String) async throws -> ViewModelREPL.ExitStatus {
        let writer = ProtocolWriter(output: OutputChannel { _ in true })
        return await ScriptSession(
            registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: writer, keepGoing: false, pace: nil, report: { _ in }
        ).run([path])
    }
}

/// The planted bug's events.
enum PlantedEvent: String, Codable, CaseIterable, Sendable {
    case inc, dec, reset
}

/// What the planted screen shows.
struct PlantedState: Codable, Equatable, Sendable {
    var count = 0
    var broken = false
}

/// A view model that misbehaves only after inc, inc, dec in a row.
@MainActor
@Observable
final class PlantedViewModel: ViewModel {
    var viewState = PlantedState()
    @ObservationIgnored private var last: [PlantedEvent] = []

    func handle(event: PlantedEvent) {
        last = Array((last + [event]).suffix(3))
        switch event {
        case .inc: viewState.count += 1
        case .dec: viewState.count -= 1
        case .reset: viewState.count = 0
        }
        if last == [.inc, .inc, .dec] { viewState.broken = true }
    }
}
