#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A worker's side of its progress lines: before each thing that may trap or hang, one line on
/// descriptor 3, written at once, so the process that started it knows what was running when it
/// ended or stopped answering.
///
/// The lines: `run N` (a trial starts), `replay` (a replay starts), `setup N` (the setup's line N
/// runs), `step LINE` (a generated step runs), `idle` (nothing runs that has a time limit),
/// `broken INVARIANT` (a replay broke it); a resumed session's `ready` and `diverged N`; a
/// terminal's worker's `trying LINE SEQ TEXT` (a command runs, its reply to take `seq` SEQ), `done SEQ` (it finished), `kept LINE DIGEST LENGTH STATE TEXT` (a step kept
/// in its history, with the state its reply showed) and `undo N LINE SEQ`.
@MainActor
package final class WorkerProgress {
    /// What the worker was started to do, read from its environment.
    package enum Role: String, Sendable {
        /// Run `explore`'s trials as it would in-process, saying what runs.
        case explore
        /// Run the setup and the steps read from standard input, once, saying what runs.
        case replay
        /// Replay a session's steps quietly (``ResumePlan``), say whether they repeated, and go on
        /// as that session, answering the `undo` that started it.
        case resume
        /// Be the session at a terminal, telling the process that started it (``TerminalKeeper``)
        /// each step, so that it can start the session again at any of them (`undo`, a trap).
        case terminal
    }

    /// The environment variable a worker's role is in.
    package static let roleVariable = "VMREPL_WORKER"

    /// This process's role, when it was started as a worker.
    package static var role: Role? {
        guard let value = getenv(roleVariable) else { return nil }
        return Role(rawValue: String(cString: value))
    }

    private let descriptor: Int32

    package init(descriptor: Int32 = WorkerProcess.progressDescriptor) {
        self.descriptor = descriptor
        // A process the view model starts must not hold it open: its end is how the parent sees this one's.
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// A trial from the seed of run `run` starts.
    func run(_ run: Int) { say("run \(run)") }

    /// A replay of kept steps starts.
    func replay() { say("replay") }

    /// The setup's line `number` runs.
    func setup(_ number: Int) { say("setup \(number)") }

    /// A step runs.
    func step(_ line: String) { say("step " + line) }

    /// Nothing with a time limit runs from here on: the result is being written.
    func idle() { say("idle") }

    /// A replay broke `invariant`.
    func broken(_ invariant: String) { say("broken " + invariant) }

    /// A resumed session's replay repeated every step: it answers from here on.
    package func ready() { say("ready") }

    /// A resumed session's replay did not repeat step `step` (from 1).
    package func diverged(_ divergence: Divergence) { say(divergence.line) }

    /// A terminal's worker runs the command on `line`: a trap from here on is its.
    func trying(_ text: String, line: Int, seq: Int) { say("trying \(line) \(seq) " + text) }

    /// A terminal's worker finished a command; its next line takes `seq`.
    func done(seq: Int) { say("done \(seq)") }

    /// A terminal's worker kept a step in its history.
    /// Its state goes with it, its length first (`-` for none): `kept LINE DIGEST LENGTH STATE TEXT`.
    /// A state over ``keptStateLimit`` bytes is not sent: a divergence there names no path.
    func kept(_ step: SessionHistory.Step) {
        let sent = step.state.flatMap { $0.count <= Self.keptStateLimit ? $0 : nil }
        let state = sent.map { "\($0.count) " + String(decoding: $0, as: UTF8.self) } ?? "- -"
        say("kept \(step.line) \(step.digest) \(state) " + step.text)
    }

    /// The largest state a `kept` line carries.
    static let keptStateLimit = 64 * 1024

    /// A terminal's worker asks to go back `steps` steps, for `undo` on `line`, its answer's `seq` `seq`.
    func undo(_ steps: Int, line: Int, seq: Int) { say("undo \(steps) \(line) \(seq)") }

    private func say(_ line: String) {
        // A line holds no newline: a step's line is one line of the protocol already.
        _ = DescriptorWriter.writeAll(Array((line + "\n").utf8), to: descriptor)
    }
}
