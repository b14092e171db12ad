/// How a session's output looks: the settings `set states` and `set output` change, kept and
/// applied in one place, the session's ``SessionOutput``.
package struct OutputSettings: Sendable, Equatable {
    /// Whether state lines carry the whole state or a patch.
    package var states: StateRendering
    /// How a terminal shows the lines; `nil` where there is one form only (pipes, scripts, MCP),
    /// and `set output` is refused.
    package var mode: OutputMode?

    package init(states: StateRendering = .full, mode: OutputMode? = nil) {
        self.states = states
        self.mode = mode
    }

    /// Whether protocol lines are what the reader sees (not the human view).
    var showsProtocolLines: Bool { mode != .human }
}
