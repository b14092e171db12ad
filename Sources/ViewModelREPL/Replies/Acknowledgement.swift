/// The reply of a command that succeeded with nothing else to show.
package struct Acknowledgement: Sendable {
    /// What changed, when something did.
    package enum Change: Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
        /// What a dependency is stubbed to now, newest first, after `stub` or `unstub NAME`.
        case stubs(screen: String, dependency: String, stubs: [DependencyTable.Stub])
        /// Every dependency of a screen goes to its live function again.
        case unstubbed(screen: String)
        /// The invariants now, after `invariant` or `invariants`.
        case invariants([String])
        /// The paths watched on a screen, after `watch` or `unwatch`.
        case watches(screen: String, paths: [String])
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
