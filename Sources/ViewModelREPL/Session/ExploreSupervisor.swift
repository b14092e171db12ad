/// `vmrepl explore` with its trials in workers: child processes of this same executable, so a step
/// that traps or never returns costs one worker, not the exploration, and becomes a counterexample.
///
/// One worker runs the trials exactly as in-process explore does (``Explorer`` with its
/// ``WorkerProgress``), writing the result lines itself, and says before each setup line and step
/// what runs. When it ends as it should, its status is the exploration's. When it traps, faults,
/// exits, or a step does not return within `--step-timeout`, what was running is the finding: its
/// steps are shrunk by replaying candidates in fresh workers, and the script written beside the
/// setup reproduces it under `vmrepl run`.
@MainActor
package final class ExploreSupervisor {
    private let launch: WorkerLaunch
    private let setupPath: String
    private let out: String?
    private let junitPath: String?
    private let stepTimeout: Duration
    /// The descriptor the worker's protocol lines go to: this process's own protocol output.
    private let protocolOutput: Int32
    private let output: SessionOutput
    private let report: (String) -> Void

    package init(
        launch: WorkerLaunch, setup: String, out: String?, junitPath: String?, stepTimeout: Duration, protocolOutput: Int32, consumer: any OutputConsumer,
        settings: OutputSettings, report: @escaping (String) -> Void
    ) {
        self.launch = launch
        self.setupPath = setup
        self.out = out
        self.junitPath = junitPath
        self.stepTimeout = stepTimeout
        self.protocolOutput = protocolOutput
        output = SessionOutput(consumer: consumer, settings: settings)
        self.report = report
    }

    /// How the exploration ended: the worker's status when it finished, or the finding's; `nil`
    /// when no worker could be started (the caller explores in-process instead).
    package enum Outcome {
        /// The worker ran every trial and wrote the result itself.
        case finished(ExitStatus)
        /// A step stopped the worker: the counterexample line is written.
        case found(ExitStatus)
    }

    /// Explores in a worker; `nil` when none could be started.
    package func run() async -> Outcome? {
        let started = ContinuousClock.now
        let worker: WorkerProcess
        do throws(WorkerFailure) {
            worker = try start(.explore, errors: .passedOn, output: protocolOutput)
        } catch {
            report(Messages.workerNotStarted(error.reason))
            return nil
        }
        var watch = Watch()
        while true {
            switch worker.next(within: watch.limited ? stepTimeout : nil) {
            case .line(let line):
                watch.read(line)
            case .ended(.exited(let status)) where !watch.limited:
                return .finished(ExitStatus(rawValue: status) ?? .requestFailed)
            case .ended(let ending):
                return .found(await found(ending, worker: worker, watch: watch, start: started))
            case .timedOut:
                worker.kill()
                return .found(await found(nil, worker: worker, watch: watch, start: started))
            }
        }
    }

    /// What a worker's progress lines said: the run, and the steps since its trial or replay began.
    private struct Watch {
        var run = 0
        let steps = StepLog()
        /// Whether something with a time limit runs: anything after a progress line but `idle`. The
        /// worker's own start, before its first line, has none (it runs no step; a loaded machine is slow to start one).
        var limited = false
        /// The invariant a replay broke, if one did.
        var broken: String?

        mutating func read(_ line: String) {
            limited = line != "idle"
            if line.hasPrefix("run ") {
                run = Int(line.dropFirst(4)) ?? run
                steps.reset()
            } else if line == "replay" {
                steps.reset()
            } else if line.hasPrefix("step ") {
                steps.append(line.dropFirst(5))
            } else if line.hasPrefix("broken ") {
                broken = String(line.dropFirst(7))
            }
        }
    }

    /// How a worker stopped, to compare a replay's stop with the one found.
    private enum Stop: Equatable {
        case trap(RuntimeTrap)
        case hang
        case exit(Int32)

        init?(_ ending: WorkerProcess.Ending?, errors: [UInt8], finished: Bool) {
            switch ending {
            case nil: self = .hang
            case .signalled(let signal)?: self = .trap(RuntimeTrap(stderr: errors, signal: signal))
            case .exited(let status)?:
                guard !finished else { return nil }
                self = .exit(status)
            }
        }
    }

    /// Shrinks what stopped the worker, writes the script and the counterexample line; the status.
    private func found(_ ending: WorkerProcess.Ending?, worker: WorkerProcess, watch: Watch, start: ContinuousClock.Instant) async -> ExitStatus {
        let stop = Stop(ending, errors: worker.errorTail, finished: false) ?? .hang
        let setup: [String]
        do {
            setup = ScriptFile.lines(try ScriptFile.read(setupPath)).compactMap(\.text)
        } catch {
            report("vmrepl: \(error.path): \(error.reason)")
            return .requestFailed
        }
        let found = watch.steps.lines()
        let steps = found.isEmpty ? [] : shrink(found, stopping: stop)
        var finding = ExploreFinding(kind: .trap, message: "", steps: steps, file: out ?? Explorer.counterexamplePath(for: setupPath), run: watch.run)
        switch stop {
        case .trap(let trap):
            finding.message = trap.message ?? Messages.signalled(trap.signal)
            finding.place = trap.place
            finding.signal = trap.signal
        case .hang:
            finding.kind = .hang
            finding.message = Messages.stepHung(DurationText.text(stepTimeout))
            finding.seconds = DurationText.seconds(stepTimeout)
        case .exit(let status):
            finding.kind = .exit
            finding.message = Messages.workerExited(status)
            finding.status = status
        }
        let script = Self.script(setup: setup, finding: finding)
        finding.unwritten = AtomicFile.replace(finding.file, with: Array(script.utf8))
        let wording = Messages.counterexample(
            Messages.found(finding.kind.rawValue, message: finding.message, place: finding.place), steps: steps, file: finding.file,
            unwritten: finding.unwritten)
        report(wording.report)
        output.emit(.exploration(.found(finding)), tag: nil, push: false)
        output.flush()
        if let junitPath {
            let junit = JUnitReport(
                suite: "vmrepl explore", cases: [.init(name: setupPath, seconds: DurationText.seconds(start.duration(to: .now)), failures: [wording.failure])])
            if let problem = junit.write(to: junitPath) {
                report("vmrepl: \(junitPath): \(problem)")
                return .expectationFailed.combined(with: .requestFailed)
            }
        }
        return .expectationFailed
    }

    /// The most replays a shrink makes: each is a process started, so a long run that trapped is
    /// shrunk as far as this allows and reported as it then stands.
    static let replayBudget = 400

    /// The fewest and simplest of `steps` that still stop a fresh worker the same way. The last step
    /// is the one that stopped it: first it is tried alone, then after each of the 32 steps before
    /// it; then runs of steps are dropped, halves first, down to one step at a time; last, a
    /// trap's arguments are made plain. Steps that do not stop a fresh worker at all (the stop
    /// needed what earlier runs left in the process) are kept as they are.
    private func shrink(_ steps: [String], stopping stop: Stop) -> [String] {
        var replays = 0
        func stops(_ candidate: [String]) -> Bool {
            guard replays < Self.replayBudget else { return false }
            replays += 1
            return replay(candidate) == stop
        }
        guard let last = steps.last, stops(steps) else { return steps }
        var steps = steps
        if steps.count > 1 {
            if stops([last]) {
                steps = [last]
            } else if let pair = steps.dropLast().suffix(32).reversed().lazy.map({ [$0, last] }).first(where: stops) {
                steps = pair
            }
        }
        // Runs of steps before the last are dropped while it still stops, the longest runs first.
        var length = max(1, (steps.count - 1) / 2)
        while steps.count > 2, replays < Self.replayBudget {
            var end = steps.count - 1
            while end > 0, replays < Self.replayBudget {
                let start = max(0, end - length)
                var candidate = steps
                candidate.removeSubrange(start..<end)
                if stops(candidate) { steps = candidate }
                end = start
            }
            guard length > 1 else { break }
            length /= 2
        }
        // A hang's candidates each cost the time limit: its arguments are left as found.
        guard case .trap = stop else { return steps }
        for index in steps.indices {
            guard let parsed = try? CommandParser.parse(steps[index]) else { continue }
            for simpler in Explorer.simpler(parsed.command) {
                var candidate = steps
                candidate[index] = CommandWriter.line(for: simpler)
                if stops(candidate) {
                    steps = candidate
                    break
                }
            }
        }
        return steps
    }

    /// How a fresh worker that runs the setup and `steps` stops; `nil` when it finishes.
    private func replay(_ steps: [String]) -> Stop? {
        guard let worker = try? start(.replay, errors: .keptOnly, output: nil) else { return nil }
        worker.send(steps.joined(separator: "\n") + "\n")
        worker.send(nil)
        var watch = Watch()
        while true {
            switch worker.next(within: watch.limited ? stepTimeout : nil) {
            case .line(let line): watch.read(line)
            case .ended(let ending): return Stop(ending, errors: worker.errorTail, finished: !watch.limited)
            case .timedOut:
                worker.kill()
                return .hang
            }
        }
    }

    private func start(_ role: WorkerProgress.Role, errors: WorkerProcess.ErrorOutput, output: Int32?) throws(WorkerFailure) -> WorkerProcess {
        // The runtime's backtrace takes long to write and is not read: the message before it is.
        try WorkerProcess(
            executable: launch.executable, arguments: launch.arguments,
            environment: [WorkerProgress.roleVariable: role.rawValue, "SWIFT_BACKTRACE": "enable=no"], output: output, errors: errors)
    }

    /// The script that reproduces a finding: the setup, then its steps.
    static func script(setup: [String], finding: ExploreFinding) -> String {
        var lines = [
            "#!/usr/bin/env -S vmrepl run",
            "# found by vmrepl explore: \(Messages.found(finding.kind.rawValue, message: finding.message, place: finding.place))",
        ]
        lines += setup
        lines.append(Messages.findingComment(finding.kind.rawValue, message: finding.message, place: finding.place))
        lines += finding.steps
        return lines.joined(separator: "\n") + "\n"
    }
}
