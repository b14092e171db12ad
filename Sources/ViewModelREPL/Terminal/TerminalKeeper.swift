import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps a session at a terminal going across processes: the session runs in a worker (this
/// executable started again, ``WorkerProgress/Role/terminal``) on the same terminal, telling this
/// process each command it runs and each step it keeps (``KeeperLink``). When the view model traps,
/// the worker is gone, and a fresh one replays the steps kept, quietly, and carries on at the step
/// before, the command that trapped marked in its history; `undo` is served the same way, the
/// worker that asked ending once the fresh one repeated every step.
///
/// This process reads no input and writes nothing but a line when it carries on: the terminal is
/// the worker's. Ctrl-C and Ctrl-\ reach the worker alone; SIGTERM and SIGHUP are sent on to it,
/// and this process ends as the worker did.
@MainActor
package final class TerminalKeeper {
    private let launch: WorkerLaunch
    private let report: (String) -> Void
    /// The steps the worker kept, and the marks of commands that trapped.
    private var steps: [SessionHistory.Step] = []
    /// The command running in the worker: what a trap is marked on; `nil` between commands.
    private var running: (text: String, line: Int, seq: Int)?
    /// The last line the worker read, and the `seq` its next line takes: where a session carried
    /// on after a trap between commands (work a step started) goes on from.
    private var lastLine = 0
    private var nextSeq = 0
    /// How many times the session was carried on since a command last ran: a trap that comes
    /// again by itself (a timer's) ends the session rather than start worker after worker.
    private var carriedOnIdle = 0
    private static let carryOnLimit = 2
    /// The bytes of states the steps keep, and the first step that may still keep one.
    private var stateBytes = 0
    private var oldestState = 0
    /// The terminal's settings when the session began, put back after a worker that trapped.
    private var settings = termios()
    private var hasSettings = false

    package init(launch: WorkerLaunch, report: @escaping (String) -> Void) {
        self.launch = launch
        self.report = report
    }

    /// The signals that mean the view model's own code stopped the worker, not someone ending it.
    private static let traps: Set<Int32> = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE]

    /// Runs the session in workers until one ends it; its exit status.
    package func run() -> ExitStatus {
        hasSettings = tcgetattr(STDIN_FILENO, &settings) == 0
        // Keys the terminal turns into signals reach the whole foreground group: they are the worker's.
        signal(SIGINT, SIG_IGN)
        signal(SIGQUIT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        var worker: WorkerProcess
        switch start(nil) {
        case .success(let started): worker = started.worker
        case .failure(let failure):
            report("vmrepl: \(Messages.workerCouldNotStart(failure.reason))")
            return .requestFailed
        }
        // SIGTERM and SIGHUP go on to the worker that is the session.
        var forwarders = Self.forwarding(to: worker)
        defer { for source in forwarders { source.cancel() } }
        func become(_ next: WorkerProcess) {
            worker = next
            for source in forwarders { source.cancel() }
            forwarders = Self.forwarding(to: next)
        }
        while true {
            switch worker.next(within: nil) {
            case .line(let line):
                if let next = take(line, from: worker) { become(next) }
            case .ended(.exited(let status)):
                return ExitStatus(rawValue: status) ?? .requestFailed
            case .ended(.signalled(let signal)) where Self.traps.contains(signal):
                restoreTerminal()
                guard let next = carryOn(after: signal) else { return .requestFailed }
                become(next)
            case .ended(.signalled(let signal)):
                // Ended by someone (SIGTERM, SIGKILL): so is the session.
                restoreTerminal()
                return ExitStatus(rawValue: 128 + signal) ?? .requestFailed
            case .timedOut:
                continue
            }
        }
    }

    /// Sources that send SIGTERM and SIGHUP on to `worker` as this process gets them.
    private static func forwarding(to worker: WorkerProcess) -> [any DispatchSourceSignal] {
        [SIGTERM, SIGHUP].map { WorkerProcess.forward($0, to: worker.pid) }
    }

    /// Reads one line from the worker; the worker that is the session from now on, when an `undo`
    /// started a fresh one.
    private func take(_ line: String, from worker: WorkerProcess) -> WorkerProcess? {
        let parts = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
        switch parts.first {
        case "trying" where parts.count == 4:
            guard let number = Int(parts[1]), let seq = Int(parts[2]) else { return nil }
            running = (String(parts[3]), number, seq)
            lastLine = number
            carriedOnIdle = 0
        case "done" where parts.count == 2:
            running = nil
            nextSeq = Int(parts[1]) ?? nextSeq
        case "kept" where parts.count == 4:
            guard let number = Int(parts[1]), let digest = UInt64(parts[2]) else { return nil }
            steps.append(Self.step(line: number, digest: digest, rest: parts[3]))
            // Within the history's budget for states, as the worker keeps them.
            stateBytes += steps[steps.count - 1].state?.count ?? 0
            while stateBytes > SessionHistory.stateBudget, oldestState < steps.count {
                stateBytes -= steps[oldestState].state?.count ?? 0
                steps[oldestState].letGo()
                oldestState += 1
            }
        case "undo" where parts.count == 4:
            guard let count = Int(parts[1]), let number = Int(parts[2]), let seq = Int(parts[3]) else { return nil }
            return undo(count, line: number, seq: seq, asked: worker)
        default:
            break
        }
        return nil
    }

    /// A step the worker kept, from the rest of its `kept` line: its state's length and bytes (`- -`
    /// for none), then its text.
    private static func step(line: Int, digest: UInt64, rest: Substring) -> SessionHistory.Step {
        let bytes = Array(rest.utf8)
        guard let space = bytes.firstIndex(of: UInt8(ascii: " ")) else { return SessionHistory.Step(text: String(rest), line: line, digest: digest) }
        let length = Int(String(decoding: bytes[..<space], as: UTF8.self))
        let start = space + 1
        let end = start + (length ?? 1)
        guard end < bytes.count, bytes[end] == UInt8(ascii: " ") else { return SessionHistory.Step(text: String(rest), line: line, digest: digest) }
        var step = SessionHistory.Step(text: String(decoding: bytes[(end + 1)...], as: UTF8.self), line: line, digest: digest)
        if length != nil { step.state = Array(bytes[start..<end]) }
        return step
    }

    /// Serves `undo count` on `line`: a fresh worker replays the steps before; once it repeated
    /// them, the one that asked ends and the fresh one answers. The fresh worker, or `nil` when the
    /// one that asked goes on (told why).
    private func undo(_ count: Int, line: Int, seq: Int, asked old: WorkerProcess) -> WorkerProcess? {
        let kept = SessionHistory.before(undoing: count, of: steps)
        let plan = ResumePlan(steps: kept.map(ResumePlan.Step.init), seq: seq, line: line, id: nil)
        switch replayed(plan) {
        case .success(let fresh):
            old.send("gone\n")
            // The terminal is let go of before the fresh worker takes it.
            while case .line = old.next(within: nil) {}
            fresh.send("go\n")
            steps = kept
            stateBytes = kept.reduce(0) { $0 + ($1.state?.count ?? 0) }
            oldestState = 0
            running = nil
            return fresh
        case .failure(.diverged(let divergence)):
            old.send(divergence.line + "\n")
        case .failure(.failed(let reason)):
            old.send("failed \(reason)\n")
        }
        return nil
    }

    /// After a trap: says so, and starts a fresh worker at the step before, the command that
    /// trapped marked; it answers as that command would have. `nil` when none could carry on.
    private func carryOn(after signal: Int32) -> WorkerProcess? {
        if let running {
            steps.append(SessionHistory.Step(text: running.text, line: running.line, digest: 0, trapped: true))
        } else {
            carriedOnIdle += 1
            guard carriedOnIdle < Self.carryOnLimit else {
                report("vmrepl: \(Messages.trapsAgainByItself)")
                return nil
            }
        }
        let replaying = steps.count { !$0.trapped }
        report(Messages.carriedOn(after: running.map { ($0.text, $0.line) }, steps: replaying))
        let plan = ResumePlan(steps: steps.map(ResumePlan.Step.init), seq: running?.seq ?? nextSeq, line: running?.line ?? lastLine, id: nil)
        running = nil
        switch replayed(plan) {
        case .success(let fresh):
            fresh.send("go\n")
            return fresh
        case .failure(.diverged(let divergence)):
            let command = steps.dropFirst(divergence.step - 1).first?.text ?? ""
            report("vmrepl: \(Messages.carryOnDiverged(step: divergence.step, command: command, difference: divergence.difference))")
        case .failure(.failed(let reason)):
            report("vmrepl: \(Messages.workerCouldNotStart(reason))")
        }
        return nil
    }

    /// Why a fresh worker did not take over.
    private enum Refusal: Error {
        case diverged(Divergence)
        case failed(String)
    }

    /// Starts a fresh worker that replays `plan` quietly and waits for its turn; it, once it repeated every step.
    private func replayed(_ plan: ResumePlan) -> Result<WorkerProcess, Refusal> {
        let fresh: WorkerProcess
        let file: String?
        switch start(plan) {
        case .success(let started): (fresh, file) = started
        case .failure(let failure): return .failure(.failed(failure.reason))
        }
        // Read by the worker before it says anything; gone on every path.
        defer { if let file { _ = unlink(file) } }
        // SIGTERM or SIGHUP meanwhile ends it too, not only the worker it would replace.
        let forwarders = Self.forwarding(to: fresh)
        defer { for source in forwarders { source.cancel() } }
        switch fresh.replayOutcome() {
        case .ready:
            return .success(fresh)
        case .diverged(let divergence):
            return .failure(.diverged(divergence))
        case .ended(let ending):
            restoreTerminal()
            return .failure(.failed(Messages.workerEnded(ending == .exited(0) ? nil : "\(ending)")))
        }
    }

    /// Starts a worker on the terminal, replaying `plan` first when there is one; with the plan's
    /// file, to remove once the worker said something.
    private func start(_ plan: ResumePlan?) -> Result<(worker: WorkerProcess, file: String?), WorkerFailure> {
        var environment = [WorkerProgress.roleVariable: WorkerProgress.Role.terminal.rawValue]
        // The backtracer, when it is on, must not read the terminal: what is typed meanwhile is the session's.
        if ProcessInfo.processInfo.environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "interactive=no" }
        var file: String?
        if let plan {
            switch plan.environment() {
            case .success(let made):
                environment.merge(made.variables) { $1 }
                file = made.file
            case .failure(let failure): return .failure(failure)
            }
        }
        do {
            let worker = try WorkerProcess(
                executable: launch.executable, arguments: launch.arguments, environment: environment, output: nil, errors: .passedOn, attached: true)
            return .success((worker, file))
        } catch {
            if let file { _ = unlink(file) }
            return .failure(error)
        }
    }

    /// Puts the terminal's settings back as they were when the session began (a worker that
    /// trapped may have left it as its line editor had it).
    private func restoreTerminal() {
        guard hasSettings else { return }
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &settings)
    }
}
