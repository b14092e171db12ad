import ViewModelKit

/// `vmrepl explore SETUP`: runs the setup script, then random steps — events with generated
/// arguments, loads, cancels, time, stub changes — checking the setup's invariants after each;
/// the first break is shrunk to the fewest steps that still break it and written as a script.
///
/// Everything runs in-process on virtual time and is fixed by `--seed`. With `--coverage` a
/// ``CoverageRecorder`` also counts what the runs tried and reached, for one more line.
@MainActor
package final class Explorer {
    private let registry: ScreenRegistry
    private let options: Evaluator.Options
    private let runs: Int
    private let steps: Int
    private let out: String?
    /// Where a JUnit report goes, if anywhere: one test case, failing with the counterexample.
    private let junitPath: String?
    /// Where explore's one line goes: its result.
    private let output: SessionOutput
    private let report: (String) -> Void
    /// What was tried, for the summary.
    private var eventCounts: [String: Int] = [:]
    private var phases: Set<String> = []
    private var checks = 0
    /// The trace kept (`--trace`): the counterexample's run, replayed, and the result line.
    package var trace: TraceRecorder?
    /// The most generated steps held at once: only a run that broke keeps its steps, up to the break.
    private(set) var mostStepsKept = 0
    /// What the runs covered (`--coverage`); `nil`, and nothing counted, when not asked for.
    private let coverage: CoverageRecorder?
    /// In a worker, where it says what runs before it runs (``WorkerProgress``); `nil` in-process.
    package var progress: WorkerProgress?

    package init(
        registry: ScreenRegistry, options: Evaluator.Options, runs: Int, steps: Int, out: String?, junitPath: String? = nil,
        coverage: CoverageRecorder.Settings? = nil, consumer: any OutputConsumer, report: @escaping (String) -> Void
    ) {
        self.coverage = coverage.map(CoverageRecorder.init(settings:))
        self.junitPath = junitPath
        self.registry = registry
        self.options = options
        self.runs = runs
        self.steps = steps
        self.out = out
        output = SessionOutput(consumer: consumer, settings: options.output)
        self.report = report
    }

    /// Explores from the setup script at `path` and returns the exit status (3 when an invariant broke).
    package func run(_ path: String) async -> ExitStatus {
        let start = ContinuousClock.now
        var failures: [String] = []
        let status = await explore(path, failures: &failures)
        if let junitPath {
            let report = JUnitReport(
                suite: "vmrepl explore", cases: [.init(name: path, seconds: DurationText.seconds(start.duration(to: .now)), failures: failures)])
            if let problem = report.write(to: junitPath) {
                self.report("vmrepl: \(junitPath): \(problem)")
                return status.combined(with: .requestFailed)
            }
        }
        return status
    }

    private func explore(_ path: String, failures: inout [String]) async -> ExitStatus {
        let setup: [InputLine]
        do {
            setup = ScriptFile.lines(try ScriptFile.read(path))
        } catch {
            progress?.idle()
            failures.append("vmrepl: \(error.path): \(error.reason)")
            report(failures[0])
            return .requestFailed
        }
        var total = 0
        for run in 0..<runs {
            let seed = Self.seed(of: run, from: options.seed)
            progress?.run(run)
            let trial = await self.trial(setup, generating: steps, seed: seed, keeping: false)
            if let problem = trial.setupProblem {
                progress?.idle()
                // Word for word what `vmrepl run` of the setup reports, with its status.
                failures.append("\(path):\(problem.line): \(problem.error.message)")
                report(failures[0])
                return ScriptSession.status(after: problem.error)
            }
            total += trial.count
            guard let broken = trial.broken else { continue }
            // The steps were not kept as they ran (a million would hold 140 MB): the same seed makes
            // the same steps again, and this time the ones up to the break are kept.
            progress?.run(run)
            let again = await self.trial(setup, generating: trial.count, seed: seed, keeping: true)
            let shrunk = await shrink(setup, again.steps, breaking: broken)
            let file = out ?? Self.counterexamplePath(for: path)
            let lines = shrunk.map(CommandWriter.line(for:))
            let script = Self.script(setup: setup.compactMap(\.text), steps: lines, invariant: broken)
            // A script that cannot be written loses nothing: the counterexample line still carries the
            // steps, and says the script is not there, and why.
            let unwritten = AtomicFile.replace(file, with: Array(script.utf8))
            if let trace { await replay(setup, shrunk, into: trace) }
            progress?.idle()
            let message = broken.message
            let wording = Messages.counterexample(message, steps: lines, file: file, unwritten: unwritten)
            failures.append(wording.failure)
            report(wording.report)
            output.emit(
                .exploration(
                    .counterexample(invariant: Self.invariant(broken) ?? "", message: message, steps: lines, file: file, unwritten: unwritten, run: run)),
                tag: nil, push: false)
            output.flush()
            return ExitStatus.expectationFailed.combined(with: coverage.map(emitCoverage) ?? .success)
        }
        progress?.idle()
        let events = eventCounts.sorted { $0.key < $1.key }.map { (name: $0.key, count: $0.value) }
        output.emit(.exploration(.explored(runs: runs, steps: total, events: events, phases: phases.sorted(), checks: checks)), tag: nil, push: false)
        output.flush()
        return coverage.map(emitCoverage) ?? .success
    }

    /// Writes the `coverage` line after the result, and the dot file when one is asked for; a
    /// file that cannot be written is reported on stderr and makes the status 1.
    private func emitCoverage(_ recorder: CoverageRecorder) -> ExitStatus {
        var coverage = recorder.coverage
        var status = ExitStatus.success
        if let path = recorder.settings.graphPath {
            let unwritten = AtomicFile.replace(path, with: Array(CoverageGraph.dot(coverage).utf8))
            coverage.graph = (path, unwritten)
            if let unwritten {
                report(Messages.coverageGraphFailed(path: path, reason: unwritten))
                status = .requestFailed
            }
        }
        output.emit(.exploration(.coverage(coverage)), tag: nil, push: false)
        output.flush()
        let neverFound = recorder.pathsNeverFound
        if !neverFound.isEmpty {
            report(Messages.abstractPathsNeverFound(neverFound))
            status = status.combined(with: .usage)
        }
        return status
    }

    /// Runs the setup and the shrunk steps once more with the trace watching, so its page shows
    /// the run that breaks the invariant, numbered as the setup's lines and then on from there.
    private func replay(_ setup: [InputLine], _ steps: [any ReplCommand], into trace: TraceRecorder) async {
        let session = Session(registry: registry, options: options, consumer: trace)
        session.start()
        progress?.replay()
        var number = 0
        for line in setup {
            number = line.number
            progress?.setup(number)
            if case .text(let text) = line.content { await session.handle(line: text, number: number) }
        }
        for step in steps {
            number += 1
            if let progress { progress.step(CommandWriter.line(for: step)) }
            _ = await session.handle(step, number: number)
        }
        await session.finish()
    }

    /// One run: the setup, then up to `count` generated steps.
    private struct Trial {
        /// How many steps ran.
        var count = 0
        /// The steps, when they were kept.
        var steps: [any ReplCommand] = []
        var broken: ReplError?
        var setupProblem: SetupFailure?
    }

    /// A fresh session that has run the setup; the setup's first failure, if any, instead: a line
    /// that did not parse or was refused, or an invariant that does not hold once declared, as
    /// `vmrepl run` of the setup would stop at it.
    private func setUp(_ setup: [InputLine]) async -> Result<Session, SetupFailure> {
        let session = Session(registry: registry, options: options, consumer: DiscardingConsumer())
        for line in setup {
            switch line.content {
            case .rejected(let error):
                await session.finish()
                return .failure(SetupFailure(line: line.number, error: error))
            case .text(let text):
                progress?.setup(line.number)
                let reply = await session.handle(line: text, number: line.number)
                var failures = session.accounting.takeViolations()
                if case .error(let error)? = reply { failures.insert(error, at: 0) }
                if let first = failures.first {
                    await session.finish()
                    return .failure(SetupFailure(line: line.number, error: first))
                }
            }
        }
        return .success(session)
    }

    /// The setup's first failure: its line and error.
    private struct SetupFailure: Error {
        var line: Int
        var error: ReplError
    }

    /// Runs the setup, then up to `count` steps generated from `seed`, until one breaks something;
    /// the steps are kept only when `keeping` (to shrink a run that broke, run again).
    private func trial(_ setup: [InputLine], generating count: Int, seed: UInt64, keeping: Bool) async -> Trial {
        var random = SeededRandomNumberGenerator(seed: seed)
        var trial = Trial()
        let session: Session
        switch await setUp(setup) {
        case .success(let ready): session = ready
        case .failure(let failure):
            trial.setupProblem = failure
            return trial
        }
        var number = setup.last?.number ?? 0
        // A run made again to keep its steps was counted the first time.
        let coverage = keeping ? nil : self.coverage
        coverage?.start(session)
        for _ in 0..<count {
            let step = nextStep(session, &random)
            trial.count += 1
            if keeping {
                trial.steps.append(step)
                mostStepsKept = max(mostStepsKept, trial.steps.count)
            }
            number += 1
            if let progress { progress.step(CommandWriter.line(for: step)) }
            let reply = await session.handle(step, number: number)
            checks += session.evaluator.invariants.count
            let state = try? session.evaluator.current?.stateValue()
            note(state)
            coverage?.observe(step, reply: reply, state: state)
            if let broken = failure(session, reply) {
                trial.broken = broken
                break
            }
        }
        await session.finish()
        return trial
    }

    /// Replays `steps` after the setup; the failure they end in, if any.
    private func replay(_ setup: [InputLine], _ steps: [any ReplCommand]) async -> ReplError? {
        progress?.replay()
        guard case .success(let session) = await setUp(setup) else { return nil }
        var number = setup.last?.number ?? 0
        for step in steps {
            number += 1
            if let progress { progress.step(CommandWriter.line(for: step)) }
            if let broken = failure(session, await session.handle(step, number: number)) {
                await session.finish()
                return broken
            }
        }
        await session.finish()
        return nil
    }

    /// An invariant that broke, or a state that no longer encodes.
    private func failure(_ session: Session, _ reply: Reply?) -> ReplError? {
        if let violation = session.accounting.takeViolations().first { return violation }
        if case .error(let error)? = reply, error.code == .encodingFailed { return error }
        return nil
    }

    /// The fewest and simplest of `steps` that still break the same thing: steps are dropped one
    /// at a time, last first, for as long as one can go; then each step's arguments are made as
    /// plain as they can be (0, "", false, null) and its durations as short.
    private func shrink(_ setup: [InputLine], _ steps: [any ReplCommand], breaking target: ReplError) async -> [any ReplCommand] {
        var steps = steps
        func stillBreaks(_ candidate: [any ReplCommand]) async -> Bool {
            guard let broken = await replay(setup, candidate) else { return false }
            return Self.invariant(broken) == Self.invariant(target)
        }
        var changed = true
        while changed {
            changed = false
            for index in steps.indices.reversed() where steps.count > 1 {
                var candidate = steps
                candidate.remove(at: index)
                if await stillBreaks(candidate) {
                    steps = candidate
                    changed = true
                }
            }
        }
        for index in steps.indices {
            for simpler in Self.simpler(steps[index]) {
                var candidate = steps
                candidate[index] = simpler
                if await stillBreaks(candidate) {
                    steps = candidate
                    break
                }
            }
        }
        return steps
    }

    /// Simpler forms of a step, simplest first: plain argument values, shorter durations.
    static func simpler(_ step: any ReplCommand) -> [any ReplCommand] {
        if let advance = step as? AdvanceCommand {
            var candidates: [any ReplCommand] = []
            var shorter = advance.duration / 2
            while shorter >= .milliseconds(1) {
                candidates.insert(AdvanceCommand(.milliseconds(Int(DurationText.seconds(shorter) * 1000))), at: 0)
                shorter = shorter / 2
            }
            return candidates
        }
        if let event = step as? EventCommand, !event.arguments.named.isEmpty {
            let positional = event.arguments.positional
            return plainer(event.arguments.named).map { EventCommand(name: event.name, arguments: EventArguments(named: $0, positional: positional)) }
        }
        if let write = step as? WriteCommand {
            return plainer(write.fields).map { WriteCommand($0) }
        }
        return []
    }

    /// `fields` with one value at a time made plain (`0`, `""`, `false`, `null`), where it is not already.
    private static func plainer(_ fields: [NamedValue]) -> [[NamedValue]] {
        fields.indices.compactMap { index in
            let value = fields[index].value
            let plain: JSONValue
            switch value {
            case .int, .double, .number: plain = .int(0)
            case .string: plain = .string("")
            case .bool: plain = .bool(false)
            default: plain = .null
            }
            guard plain != value || plain.kind != value.kind else { return nil }
            var simpler = fields
            simpler[index].value = plain
            return simpler
        }
    }

    // MARK: Steps

    private func nextStep(_ session: Session, _ random: inout SeededRandomNumberGenerator) -> any ReplCommand {
        guard let screen = session.evaluator.current else { return StateCommand() }
        let roll = Int.random(in: 0..<100, using: &random)
        // A form is explored filled in: now and then a bound property is written. A screen with no
        // bindings draws nothing here, so it explores as it always has for the same seed.
        if roll < 15, let write = bindingWrite(screen, &random) { return write }
        var events = screen.host.catalog.events
        // The UI's rules: an event is tried only where the user could send it. With none declared,
        // nothing is filtered, so a setup explores as it always has for the same seed.
        let rules = session.evaluator.preconditions
        if !rules.isEmpty { events.removeAll { (try? rules.unmet($0.name, on: screen)) != nil } }
        if roll < 50, !events.isEmpty {
            let event = events[Int.random(in: 0..<events.count, using: &random)]
            eventCounts[event.name, default: 0] += 1
            let state = (try? screen.stateValue()) ?? .null
            let arguments = event.arguments.map { NamedValue(key: $0.name, value: Self.value(for: $0, seen: state, &random)) }
            return EventCommand(name: event.name, arguments: EventArguments(named: arguments))
        }
        if roll < 75, screen.loader?.loads == true {
            let loads: [any ReplCommand] = [LoadCommand(), ReloadCommand(), RetryCommand(), CancelCommand()]
            return loads[Int.random(in: 0..<4, using: &random)]
        }
        if roll < 90 {
            if Bool.random(using: &random), let manual = session.evaluator.time.manualClock, let next = manual.nextDeadline {
                let milliseconds = max(1, Int((DurationText.seconds(next.offset - manual.now.offset) * 1000).rounded(.up)))
                return AdvanceCommand(.milliseconds(milliseconds))
            }
            return AdvanceCommand([.milliseconds(100), .milliseconds(500), .seconds(1), .seconds(2)][Int.random(in: 0..<4, using: &random)])
        }
        if roll < 95, let dependency = screen.dependencies.dependencies.first {
            return StubCommand(name: dependency.name, stub: DependencyTable.Stub(answer: .error(Messages.exploredFailure), times: 1))
        }
        return WaitCommand()
    }

    /// A `write` of one of the screen's bindings, chosen at random, with a value made from its
    /// type; `nil` when it has none, or none whose type gives a value (a struct, an array).
    private func bindingWrite(_ screen: OpenScreen, _ random: inout SeededRandomNumberGenerator) -> WriteCommand? {
        guard let bindings = screen.asWritten?.bindingSchemas, !bindings.isEmpty else { return nil }
        let binding = bindings[Int.random(in: 0..<bindings.count, using: &random)]
        let state = (try? screen.stateValue()) ?? .null
        guard let value = Self.value(for: binding.schema, seen: state, &random) else { return nil }
        return WriteCommand([NamedValue(key: binding.name, value: value)])
    }

    /// A value a JSON Schema of a binding's type describes: one of an enum's cases without payload,
    /// a scalar, or now and then `null` for an optional; `nil` for any other shape.
    private static func value(for schema: JSONValue, seen state: JSONValue, _ random: inout SeededRandomNumberGenerator) -> JSONValue? {
        if case .array(let branches)? = schema["anyOf"], branches.count == 2, branches[1]["type"] == .string("null") {
            if Int.random(in: 0..<4, using: &random) == 0 { return .null }
            return value(for: branches[0], seen: state, &random)
        }
        if case .array(let branches)? = schema["oneOf"] {
            let cases = branches.compactMap { $0["const"] }
            return cases.isEmpty ? nil : cases[Int.random(in: 0..<cases.count, using: &random)]
        }
        // Text with a format (a date, a URL) is left alone: few strings are one.
        guard case .string(let type)? = schema["type"], schema["format"] == nil, let kind = Self.jsonKinds[type] else { return nil }
        return value(of: kind, seen: state, &random)
    }

    /// A value for an event's argument: by its JSON kind where the event's sample tells it (a
    /// `ViewModel`'s), else from its type's schema (a class hosted as written declares `String`).
    private static func value(for argument: EventArgument, seen state: JSONValue, _ random: inout SeededRandomNumberGenerator) -> JSONValue {
        if let cases = argument.cases?.filter({ !$0.contains("(") }), !cases.isEmpty, cases.count == argument.cases?.count {
            return .string(cases[Int.random(in: 0..<cases.count, using: &random)])
        }
        guard !jsonKinds.values.contains(argument.type), let schema = argument.schema else { return value(of: argument.type, seen: state, &random) }
        return value(for: schema, seen: state, &random) ?? .null
    }

    /// A schema's scalar types, as the JSON kinds ``value(of:seen:_:)`` makes.
    private static let jsonKinds = ["boolean": "bool", "integer": "int", "number": "number", "string": "string"]

    /// A value for an argument of JSON kind `type`: most often one the state already holds.
    private static func value(of type: String, seen state: JSONValue, _ random: inout SeededRandomNumberGenerator) -> JSONValue {
        let seen = values(in: state).filter { $0.kind == type }
        if !seen.isEmpty, Int.random(in: 0..<10, using: &random) < 7 { return seen[Int.random(in: 0..<seen.count, using: &random)] }
        switch type {
        case "int": return .int(Int.random(in: -1..<10, using: &random))
        case "number": return .double(Double(Int.random(in: 0..<100, using: &random)) / 10)
        case "bool": return .bool(Bool.random(using: &random))
        case "string": return .string(["", "a", "x y", "Manu"][Int.random(in: 0..<4, using: &random)])
        default: return .null
        }
    }

    /// Every scalar in a state.
    private static func values(in value: JSONValue) -> [JSONValue] {
        switch value {
        case .object(let members): members.flatMap { values(in: $0.value) }
        case .array(let elements): elements.flatMap { values(in: $0) }
        default: [value]
        }
    }

    /// Notes the load phases the current state shows, for the summary.
    private func note(_ state: JSONValue?) {
        guard let state else { return }
        func visit(_ value: JSONValue) {
            switch value {
            case .object(let members):
                if case .string(let phase)? = value["phase"] { phases.insert(phase) }
                for member in members { visit(member.value) }
            case .array(let elements): elements.forEach(visit)
            default: break
            }
        }
        visit(state)
    }

    /// The seed run `run` of an exploration from `seed` generates its steps from.
    static func seed(of run: Int, from seed: UInt64) -> UInt64 {
        seed &+ UInt64(run) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A replay worker's whole work: the setup at `path`, then the steps read from standard input
    /// (one line each, as a counterexample script holds them), saying what runs; `broken` says
    /// which invariant they broke, if one did.
    package func replayRole(_ path: String, steps lines: [String]) async -> ExitStatus {
        guard let setup = try? ScriptFile.lines(ScriptFile.read(path)) else { return .requestFailed }
        var steps: [any ReplCommand] = []
        for line in lines {
            guard let parsed = try? CommandParser.parse(line) else { return .usage }
            steps.append(parsed.command)
        }
        let broken = await replay(setup, steps)
        if let broken, let progress { progress.broken(Self.invariant(broken) ?? broken.message) }
        progress?.idle()
        return .success
    }

    // MARK: The counterexample

    static func invariant(_ error: ReplError) -> String? {
        if case .invariantViolated(_, let invariant, _, _) = error.reason { return invariant }
        return error.message
    }

    static func counterexamplePath(for setup: String) -> String {
        let base = setup.hasSuffix(".vmrepl") ? String(setup.dropLast(".vmrepl".count)) : setup
        return base + ".counterexample.vmrepl"
    }

    static func script(setup: [String], steps: [String], invariant: ReplError) -> String {
        var lines = ["#!/usr/bin/env -S vmrepl run", "# found by vmrepl explore: \(invariant.message)"]
        lines += setup
        lines.append("# the steps that break it")
        lines += steps
        if case .invariantViolated(let condition, _, _, _) = invariant.reason {
            lines.append(CommandWriter.line(for: ExpectCommand(condition)))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// Drops every value: explore reads the reply values it is handed, not lines.
@MainActor
private final class DiscardingConsumer: OutputConsumer {
    var isClosed: Bool { false }
    func consume(_ value: OutputValue, settings: OutputSettings) {}
    func flush() {}
}
