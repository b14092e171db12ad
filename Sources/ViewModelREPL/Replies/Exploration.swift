/// How `vmrepl explore` ended.
package enum Exploration: Sendable {
    /// An invariant broke: the shrunk steps after the setup, and the script that replays them.
    /// `unwritten` says why the script is not in `file`, when it could not be written there.
    case counterexample(invariant: String, message: String, steps: [String], file: String, unwritten: String?, run: Int)
    /// Nothing broke: what was tried.
    case explored(runs: Int, steps: Int, events: [(name: String, count: Int)], phases: [String], checks: Int)
    /// What the runs covered (`--coverage`): written after the result, either one.
    case coverage(Coverage)
}
