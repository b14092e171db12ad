/// How `vmrepl explore` ended.
package enum Exploration: Sendable {
    /// An invariant broke: the shrunk steps after the setup, and the script that replays them.
    /// `unwritten` says why the script is not in `file`, when it could not be written there.
    case counterexample(invariant: String, message: String, steps: [String], file: String, unwritten: String?, run: Int)
    /// Nothing broke: what was tried.
    case explored(runs: Int, steps: Int, events: [(name: String, count: Int)], phases: [String], checks: Int)
    /// What the runs covered (`--coverage`): written after the result, either one.
    case coverage(Coverage)
    /// A step trapped, did not return, or ended the process: what stopped it, and the shrunk steps.
    case found(ExploreFinding)
}

/// What stopped a worker running explore's steps, and the fewest steps after the setup that stop
/// it again, written as a script.
package struct ExploreFinding: Sendable {
    /// What kind of stop it was.
    package enum Kind: String, Sendable {
        /// The runtime trapped (a force-unwrapped nil, an index out of range, a failed precondition) or the process faulted.
        case trap
        /// A step did not return within the time given.
        case hang
        /// The process exited while a step ran.
        case exit
    }

    package var kind: Kind
    /// What happened, in words: the runtime's message for a trap.
    package var message: String
    /// The file and line the runtime named, when it named one.
    package var place: String?
    /// The signal that ended the process, for a trap.
    package var signal: Int32?
    /// The status the process exited with, for an exit.
    package var status: Int32?
    /// The time limit a hang went past, in seconds.
    package var seconds: Double?
    /// The shrunk steps after the setup, as lines.
    package var steps: [String]
    /// Where the script went, and why it is not there when it could not be written.
    package var file: String
    package var unwritten: String?
    /// The run (from 0) that found it.
    package var run: Int

    package init(kind: Kind, message: String, steps: [String], file: String, run: Int) {
        self.kind = kind
        self.message = message
        self.steps = steps
        self.file = file
        self.run = run
    }
}
