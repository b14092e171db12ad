/// The reply of a command that succeeded with nothing else to show.
package struct Acknowledgement: Sendable {
    /// What changed, when something did.
    package enum Change: Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
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
