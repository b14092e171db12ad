/// Counts what `explore --coverage` tries and reaches: every event step and whether the screen
/// took it, the abstract state after every step, and each step from one abstract state to another.
///
/// Only made when asked for, so explore's step loop pays nothing for it otherwise. Distinct states
/// and transitions are capped (``Settings/limits``); past a cap, new ones are counted, not kept.
@MainActor
package final class CoverageRecorder {
    /// What coverage was asked for on the command line.
    package struct Settings: Equatable, Sendable {
        /// The paths abstract states are keyed by; `nil` for the state's enum-typed fields.
        package var paths: [StatePath]?
        /// Where a Graphviz dot file of the abstract states goes, if anywhere.
        package var graphPath: String?
        /// The most distinct abstract states and transitions kept.
        package var limits = Limits()

        package init(paths: [StatePath]? = nil, graphPath: String? = nil, limits: Limits = Limits()) {
            self.paths = paths
            self.graphPath = graphPath
            self.limits = limits
        }
    }

    /// The most distinct abstract states and transitions kept.
    package struct Limits: Equatable, Sendable {
        package var states = 1_000
        package var transitions = 10_000

        package init(states: Int = 1_000, transitions: Int = 10_000) {
            self.states = states
            self.transitions = transitions
        }
    }

    /// A transition's identity: where it starts and ends, by state number, and its step.
    private struct Edge: Hashable {
        var from: Int
        var step: String
        var event: String?
        var to: Int
    }

    /// What is known of one event so far.
    private struct Tally {
        var tried = 0
        var sent = 0
        var codes: [String: Int] = [:]
        var firstRefusal: String?
        var states: Set<Int> = []
    }

    let settings: Settings
    /// Found from the first run's state after the setup, and kept for every run after it.
    private(set) var key: AbstractKey?
    /// The screen's events, from the first run.
    private var eventNames: [String] = []
    private var numbers: [[JSONValue?]: Int] = [:]
    private var states: [(values: [JSONValue?], count: Int)] = []
    private var edges: [Edge: Int] = [:]
    private var tallies: [String: Tally] = [:]
    private var droppedStates = 0
    private var droppedTransitions = 0
    /// The number of the abstract state the run is in; `nil` before a run, or when its state was not kept.
    private var current: Int?

    init(settings: Settings) {
        self.settings = settings
    }

    /// A run starts in `session`, its setup done.
    func start(_ session: Session) {
        guard let screen = session.evaluator.current, let state = try? screen.stateValue() else {
            current = nil
            return
        }
        if key == nil {
            let declared = screen.host.declaredTypes()
            key = settings.paths.map { AbstractKey.named($0, declared: declared) } ?? AbstractKey.enumFields(declared: declared, state: state)
            eventNames = screen.host.catalog.events.map(\.name)
        }
        current = number(of: state)
    }

    /// `step` ran, was answered `reply`, and left the screen in `state` (`nil` when it has none).
    func observe(_ step: any ReplCommand, reply: Reply, state: JSONValue?) {
        let from = current
        var event: String?
        if let sent = step as? EventCommand {
            let name = sent.name
            event = name
            var tally = tallies[name, default: Tally()]
            tally.tried += 1
            if let from { tally.states.insert(from) }
            if case .error(let error) = reply {
                tally.codes[error.code.rawValue, default: 0] += 1
                if tally.firstRefusal == nil { tally.firstRefusal = error.message }
            } else {
                tally.sent += 1
            }
            tallies[name] = tally
        }
        let to = state.flatMap(number(of:))
        current = to
        guard let from, let to else {
            // A state not kept (past the limit) has no number; a screen with no state has no states at all.
            if key != nil, state != nil { droppedTransitions += 1 }
            return
        }
        let edge = Edge(from: from, step: Self.word(for: step), event: event, to: to)
        if let count = edges[edge] {
            edges[edge] = count + 1
        } else if edges.count < settings.limits.transitions {
            edges[edge] = 1
        } else {
            droppedTransitions += 1
        }
    }

    /// The number of the abstract state `state` is in, counting the visit; `nil` when it is new
    /// past the limit.
    private func number(of state: JSONValue) -> Int? {
        guard let key else { return nil }
        let values = key.values(in: state)
        if let known = numbers[values] {
            states[known].count += 1
            return known
        }
        guard states.count < settings.limits.states else {
            droppedStates += 1
            return nil
        }
        numbers[values] = states.count
        states.append((values, 1))
        return states.count - 1
    }

    /// The paths given with `--abstract` that no state kept had a value at: most likely misspelt.
    var pathsNeverFound: [String] {
        guard settings.paths != nil, let key, !states.isEmpty else { return [] }
        return key.paths.indices.filter { index in states.allSatisfy { $0.values[index] == nil } }.map { key.paths[$0].path.description }
    }

    /// The command word of a step explore takes.
    private static func word(for step: any ReplCommand) -> String {
        type(of: step).spec.name
    }

    /// What was covered, as the `coverage` line carries it.
    var coverage: Coverage {
        let paths = key?.paths ?? []
        let texts = paths.map(\.path.description)
        let shown = states.map { state in
            Coverage.State(values: zip(texts, state.values).compactMap { path, value in value.map { (path, $0) } }, count: state.count)
        }
        let abstractPaths = paths.enumerated().map { index, path in
            var entry = Coverage.AbstractPath(path: path.path.description, cases: path.cases)
            let reached = Set(states.compactMap { AbstractKey.caseName($0.values[index]) })
            entry.unreached = (path.cases ?? []).filter { !reached.contains($0) }
            return entry
        }
        let transitions = edges.map { Coverage.Transition(from: $0.key.from, step: $0.key.step, event: $0.key.event, to: $0.key.to, count: $0.value) }
            .sorted { ($0.from, $0.to, $0.step, $0.event ?? "") < ($1.from, $1.to, $1.step, $1.event ?? "") }
        let names = Set(eventNames).union(tallies.keys).sorted()
        let events = names.map { name in
            var entry = Coverage.EventTally(name: name)
            guard let tally = tallies[name] else { return entry }
            entry.tried = tally.tried
            entry.sent = tally.sent
            entry.refused = tally.tried - tally.sent
            entry.codes = tally.codes.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { (code: $0.key, count: $0.value) }
            entry.firstRefusal = tally.firstRefusal
            entry.statesTried = tally.states.count
            return entry
        }
        return Coverage(
            events: events, paths: abstractPaths, states: shown, transitions: transitions,
            limits: (settings.limits.states, settings.limits.transitions), dropped: (droppedStates, droppedTransitions))
    }
}
