import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

/// `vmrepl explore --coverage`: what the runs tried and reached, as one more line after the result.
@MainActor
struct ExploreCoverageTests {
    private static func objects(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
    }

    private func temporary(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Explores `setup` with coverage as `settings` says; returns the status, the lines and what was reported.
    private func explore(
        _ setup: String, registry: ScreenRegistry = ExampleScreens.registry(), runs: Int = 20, steps: Int = 20,
        coverage settings: CoverageRecorder.Settings?
    ) async throws -> (ViewModelREPL.ExitStatus, [[String: Any]], [String]) {
        let path = try temporary(setup)
        var bytes: [UInt8] = []
        var reports: [String] = []
        let explorer = Explorer(
            registry: registry, options: Evaluator.Options(), runs: runs, steps: steps, out: path + ".found.vmrepl", coverage: settings,
            consumer: ProtocolWriter(
                output: OutputChannel {
                    bytes += $0
                    return true
                }), report: { reports.append($0) })
        let status = await explorer.run(path)
        return (status, Self.objects(String(decoding: bytes, as: UTF8.self)), reports)
    }

    /// The abstract states of a coverage line, each as `{path: value}`.
    private static func states(_ line: [String: Any]) -> [[String: Any]] {
        (line["states"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? [String: Any] }
    }

    /// The transitions of a coverage line as `from -step-> to` over the values at `path`.
    private static func transitions(_ line: [String: Any], _ path: String) -> Set<String> {
        Set(
            (line["transitions"] as? [[String: Any]] ?? []).map { transition in
                let from = (transition["from"] as? [String: Any])?[path].map { "\($0)" } ?? "-"
                let to = (transition["to"] as? [String: Any])?[path].map { "\($0)" } ?? "-"
                let step = (transition["event"] as? String).map { "event " + $0 } ?? transition["step"] as? String ?? "?"
                return "\(from) -\(step)-> \(to)"
            })
    }

    @Test func withoutTheOptionExploreWritesOnlyItsResult() async throws {
        let (status, lines, _) = try await explore("use users\ninvariant users.attempt exists\n", coverage: nil)
        #expect(status == .success)
        #expect(lines.map { $0["type"] as? String } == ["explored"])
    }

    /// On users, by default the abstract state is `users.phase` (an enum inside the load state):
    /// every phase is reached, and the load's transitions are there with their steps.
    @Test func usersCoverageReachesEveryPhaseThroughTheLoadsTransitions() async throws {
        let (status, lines, _) = try await explore("use users\ninvariant users.attempt exists\n", coverage: .init())
        #expect(status == .success)
        #expect(lines.map { $0["type"] as? String } == ["explored", "coverage"])
        let line = try #require(lines.last)
        let paths = try #require(line["paths"] as? [[String: Any]])
        #expect(paths.map { $0["path"] as? String } == ["users.phase"])
        #expect(paths.first?["cases"] as? [String] == ["initial", "loading", "loaded", "failed"])
        #expect(paths.first?["unreached"] as? [String] == [])
        #expect(Set(Self.states(line).compactMap { $0["users.phase"] as? String }) == ["initial", "loading", "loaded", "failed"])
        // A run starts in the setup's state: the first state reached is the initial one.
        #expect(Self.states(line).first?["users.phase"] as? String == "initial")
        let transitions = Self.transitions(line, "users.phase")
        #expect(transitions.contains("initial -event loadTapped-> loading"), "\(transitions)")
        #expect(transitions.contains("loading -advance-> loaded"), "\(transitions)")
        #expect(transitions.contains("failed -event loadTapped-> loading"), "\(transitions)")
        let tapped = try #require((line["events"] as? [String: Any])?["loadTapped"] as? [String: Int])
        #expect(tapped["tried"] ?? 0 > 0)
        #expect(tapped["sent"] == tapped["tried"])
        #expect(tapped["refused"] == 0)
        #expect((line["unsent"] as? [Any])?.isEmpty == true)
        // The counts add up: each run's start and each step is one visit of a state.
        let visits = (line["states"] as? [[String: Any]] ?? []).compactMap { $0["count"] as? Int }.reduce(0, +)
        #expect(visits == 20 + 400)
        #expect(line["dropped"] as? [String: Int] == ["states": 0, "transitions": 0])
        #expect(line["limits"] as? [String: Int] == ["states": 1_000, "transitions": 10_000])
    }

    /// An event that needs a state is refused until it is in it; one whose arguments never decode
    /// is refused in every state tried, and coverage names it with why.
    @Test func anEventRefusedEveryTimeIsNamedWithWhyAndOneThatNeedsAStateIsCounted() async throws {
        let (status, lines, _) = try await explore("use till\ninvariant items exists\n", registry: Till.registry(), coverage: .init())
        #expect(status == .success)
        let line = try #require(lines.last)
        let events = try #require(line["events"] as? [String: [String: Any]])
        // checkout needs items: refused on an empty till, taken once something was added.
        let checkout = try #require(events["checkout"])
        #expect(checkout["refused"] as? Int ?? 0 > 0)
        #expect(checkout["sent"] as? Int ?? 0 > 0)
        #expect((checkout["codes"] as? [String: Int])?["action_failed"] == checkout["refused"] as? Int)
        // wrap's paper is an enum explore's generated text never names.
        let wrap = try #require(events["wrap"])
        #expect(wrap["sent"] as? Int == 0)
        #expect(wrap["refused"] as? Int == wrap["tried"] as? Int)
        let unsent = try #require(line["unsent"] as? [[String: Any]])
        #expect(unsent.map { $0["event"] as? String } == ["wrap"])
        #expect(unsent.first?["why"] as? String == "refused")
        #expect(unsent.first?["refused"] as? Int == wrap["tried"] as? Int)
        #expect(unsent.first?["states"] as? Int ?? 0 >= 1)
        #expect((unsent.first?["message"] as? String)?.contains("wrap") == true, "\(unsent)")
        // The till's phase is an enum of a class hosted as written: its abstract states, with the one never reached.
        let paths = try #require(line["paths"] as? [[String: Any]])
        #expect(paths.first?["path"] as? String == "phase")
        #expect(paths.first?["unreached"] as? [String] == ["closed"])
        #expect(Self.transitions(line, "phase").contains("open -event checkout-> paying"))
    }

    @Test func anEventNeverTriedIsNamedSo() async throws {
        // One step tries one event at most: foo's other three are never tried.
        let (_, lines, _) = try await explore("use foo\n", runs: 1, steps: 1, coverage: .init())
        let line = try #require(lines.last)
        let unsent = (line["unsent"] as? [[String: Any]] ?? []).filter { $0["why"] as? String == "never tried" }
        let events = try #require(line["events"] as? [String: [String: Int]])
        #expect(Set(unsent.compactMap { $0["event"] as? String }) == Set(events.filter { $0.value["tried"] == 0 }.keys))
        #expect(unsent.count >= 3)
        // foo's state has no enum: one abstract state, with no value.
        #expect(line["paths"] as? [Any] != nil && (line["paths"] as? [Any])?.isEmpty == true)
        #expect(Self.states(line).count == 1 && Self.states(line).first?.isEmpty == true)
    }

    @Test func abstractPathsNameWhatTheStatesAreKeyedBy() async throws {
        let paths = ["users.phase", "users.attempt"].compactMap(StatePath.init)
        let (_, lines, _) = try await explore("use users\n", coverage: .init(paths: paths))
        let line = try #require(lines.last)
        let listed = try #require(line["paths"] as? [[String: Any]])
        #expect(listed.map { $0["path"] as? String } == ["users.phase", "users.attempt"])
        // The phase's type is found along the path; the attempt is no enum.
        #expect(listed[0]["cases"] as? [String] == ["initial", "loading", "loaded", "failed"])
        #expect(listed[1]["cases"] == nil)
        let states = Self.states(line)
        #expect(states.allSatisfy { Set($0.keys) == ["users.phase", "users.attempt"] })
        #expect(states.contains { $0["users.phase"] as? String == "loading" && $0["users.attempt"] as? Int == 2 })
        #expect(states.contains { $0["users.phase"] as? String == "initial" && $0["users.attempt"] as? Int == 0 })
    }

    /// A path given with `--abstract` that no state has is an error saying so, not one empty state and success.
    @Test func anAbstractPathNoStateHasIsAnError() async throws {
        let paths = ["users.phase", "users.nope"].compactMap(StatePath.init)
        let (status, _, reports) = try await explore("use users\n", runs: 3, coverage: .init(paths: paths))
        #expect(status == .usage)
        #expect(reports == [Messages.abstractPathsNeverFound(["users.nope"])])
        let (found, _, none) = try await explore("use users\n", runs: 3, coverage: .init(paths: [StatePath("users.phase")!]))
        #expect(found == .success && none.isEmpty)
    }

    /// A value in a dot label is shown as it is: `&` is escaped, so `&lt;` is not read as `<`.
    @Test func theGraphEscapesWhatGraphvizWouldReadAsMarkup() {
        let coverage = Coverage(
            events: [], paths: [], states: [.init(values: [("q", .string("a&lt;b \"c\"\\"))], count: 1)], transitions: [],
            limits: (10, 10), dropped: (0, 0))
        #expect(CoverageGraph.dot(coverage).contains(#"s0 [label="q = \"a&amp;lt;b \\\"c\\\"\\\\\"\n×1"];"#))
    }

    /// A large value at an abstract path is kept as a short mark of its size and digest, so it is
    /// not repeated in every state and transition; two different large values stay two states.
    @Test func aLargeValueAtAnAbstractPathIsBounded() throws {
        let key = AbstractKey(paths: [.init(path: StatePath("items")!, cases: nil), .init(path: StatePath("count")!, cases: nil)])
        func state(_ first: Int) -> JSONValue {
            .object([("items", .array((first..<first + 1_000).map { .int($0) })), ("count", .int(1_000))])
        }
        let values = key.values(in: state(0))
        let mark = try #require(values[0]?.stringValue)
        #expect(mark.hasPrefix("<array of ") && mark.utf8.count < 64)
        #expect(values[1] == .int(1_000))
        #expect(key.values(in: state(1))[0] != values[0])
        #expect(key.values(in: state(0)) == values)
        let small = JSONValue.array([.int(1), .int(2)])
        #expect(AbstractKey.bounded(small) == small)
    }

    /// Past the limits new states and transitions are counted, not kept, and the line says so.
    @Test func theLimitsCapWhatIsKeptAndSayWhatWasDropped() async throws {
        let settings = CoverageRecorder.Settings(paths: [StatePath("text")!], limits: .init(states: 2, transitions: 3))
        let (_, lines, _) = try await explore("use foo\ninvariant text exists\n", coverage: settings)
        let line = try #require(lines.last)
        #expect(Self.states(line).count == 2)
        #expect((line["transitions"] as? [Any])?.count == 3)
        let dropped = try #require(line["dropped"] as? [String: Int])
        #expect(dropped["states"] ?? 0 > 0)
        #expect(dropped["transitions"] ?? 0 > 0)
        #expect(line["limits"] as? [String: Int] == ["states": 2, "transitions": 3])
        // Unbounded, the same runs reach a third text.
        let (_, unbounded, _) = try await explore("use foo\ninvariant text exists\n", coverage: .init(paths: [StatePath("text")!]))
        #expect(Self.states(try #require(unbounded.last)).count == 3)
        #expect(unbounded.last?["dropped"] as? [String: Int] == ["states": 0, "transitions": 0])
    }

    @Test func aCounterexampleIsFollowedByTheCoverageOfTheRunsUpToIt() async throws {
        let (status, lines, _) = try await explore("use foo\ninvariant text != \"😢\"\n", coverage: .init())
        #expect(status == .expectationFailed)
        #expect(lines.map { $0["type"] as? String } == ["counterexample", "coverage"])
        let events = try #require(lines.last?["events"] as? [String: [String: Int]])
        #expect(events["goodbye"]?["sent"] ?? 0 > 0)
    }

    @Test func theGraphIsWrittenAsDotOrTheLineSaysWhyNot() async throws {
        let graph = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).dot").path
        let (status, lines, _) = try await explore("use users\n", runs: 5, coverage: .init(graphPath: graph))
        #expect(status == .success)
        #expect(lines.last?["graph"] as? String == graph)
        let dot = try String(contentsOfFile: graph, encoding: .utf8)
        #expect(dot.hasPrefix("digraph coverage {\n"))
        #expect(dot.contains(#"[label="users.phase = \"loading\"\n×"#), "\(dot)")
        #expect(dot.contains(#"[label="event loadTapped ×"#), "\(dot)")
        #expect(dot.hasSuffix("}\n"))

        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-missing-\(UUID().uuidString)/g.dot").path
        let (failed, unwritten, reports) = try await explore("use users\n", runs: 1, coverage: .init(graphPath: nowhere))
        #expect(failed == .requestFailed)
        #expect(unwritten.last?["graph"] == nil)
        #expect(unwritten.last?["unwritten"] as? String == nowhere)
        #expect(unwritten.last?["reason"] as? String == "No such file or directory")
        #expect(reports == ["vmrepl explore: --coverage: cannot write \(nowhere): No such file or directory"])
    }

    @Test func theOptionsParse() throws {
        let options = try SessionOptions.parse(["explore", "--coverage=g.dot", "--abstract=users.phase,query", "setup.vmrepl"])
        #expect(options.coverage?.graphPath == "g.dot")
        #expect(options.coverage?.paths?.map(\.description) == ["users.phase", "query"])
        #expect(try SessionOptions.parse(["explore", "--coverage", "setup.vmrepl"]).coverage == CoverageRecorder.Settings())
        #expect(try SessionOptions.parse(["explore", "setup.vmrepl"]).coverage == nil)
        // --abstract alone asks for coverage too.
        #expect(try SessionOptions.parse(["explore", "--abstract", "phase", "setup.vmrepl"]).coverage?.paths?.map(\.description) == ["phase"])
        #expect(throws: SessionOptions.UsageError.self) { try SessionOptions.parse(["explore", "--abstract=users..phase", "setup.vmrepl"]) }
        #expect(throws: SessionOptions.UsageError.self) { try SessionOptions.parse(["--coverage"]) }
    }

    @Test func theTerminalShowsASummary() {
        var coverage = Coverage(
            events: [.init(name: "add"), .init(name: "wrap")], paths: [.init(path: "phase", cases: ["open", "closed"], unreached: ["closed"])],
            states: [.init(values: [("phase", .string("open"))], count: 3)], transitions: [], limits: (1_000, 10_000), dropped: (0, 0))
        coverage.events[0].tried = 2
        coverage.events[0].sent = 2
        coverage.events[1].tried = 4
        coverage.events[1].refused = 4
        coverage.events[1].statesTried = 1
        coverage.events[1].codes = [("bad_event_arguments", 4)]
        coverage.events[1].firstRefusal = "wrap takes paper"
        var view = HumanView(colour: false)
        #expect(
            view.text(for: .exploration(.coverage(coverage)), push: false) == """
                coverage: 1 of 2 events sent; 1 abstract state, 0 transitions
                  never sent: wrap: refused all 4 times, in 1 abstract state (bad_event_arguments ×4): wrap takes paper
                  phase: never reached: closed

                """)
    }
}

/// A till hosted as written: checkout needs something added, wrap takes a paper explore never names.
@MainActor
private final class Till {
    enum Phase { case open, paying, closed }
    enum Paper: String, Decodable { case kraft, gloss }
    enum Refusal: Error { case empty }

    var phase = Phase.open
    var items = 0

    func checkout() throws {
        guard items > 0 else { throw Refusal.empty }
        phase = .paying
    }

    static func registry() -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register(
            "till", summary: "checkout needs items",
            actions: [
                .action("add") { $0.items += 1 },
                .action("checkout") { try $0.checkout() },
                .action("wrap", "paper") { (till: Till, _: Paper) in till.items += 1 },
                .action("reopen") { $0.phase = .open },
            ]
        ) { _ in Till() }
        return screens
    }
}
