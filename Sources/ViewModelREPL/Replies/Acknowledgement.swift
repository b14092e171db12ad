/// The reply of a command that succeeded with nothing else to show.
package struct Acknowledgement: Sendable {
    /// What changed, when something did.
    package enum Change: Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
        /// What a dependency is stubbed to now, newest first, after `unstub NAME`.
        case stubs(screen: String, dependency: String, stubs: [DependencyTable.Stub])
        /// The stub `stub` added, and how many the dependency has now: a reply says what changed,
        /// so a thousand stubs cost a thousand short replies, not a list each.
        case stubbed(screen: String, dependency: String, stub: DependencyTable.Stub, count: Int)
        /// Every dependency of a screen goes to its live function again.
        case unstubbed(screen: String)
        /// The invariants now, after `invariants` or `invariant clear`.
        case invariants([String])
        /// The invariant `invariant` added, and how many there are now.
        case invariantAdded(String, count: Int)
        /// The paths watched on a screen, after `watch` alone.
        case watches(screen: String, paths: [String])
        /// The path `watch PATH` follows now (whether or not it was already), and how many the screen has.
        case watched(screen: String, path: String, count: Int)
        /// The path `unwatch PATH` stopped watching (`nil` for every path), and how many are left.
        case unwatched(screen: String, path: String?, count: Int)
        case recording(path: String)
        case recorded(path: String, commands: Int)
    }

    /// The command's name, from the command table.
    package var command: String
    package var change: Change?

    package init(_ command: String, change: Change? = nil) {
        self.command = command
        self.change = change
    }
}
