/// What evaluating a request produced, as a value: the one final reply to a request, or a state
/// change pushed later. The session stamps it into its output stream (``OutputValue``), and a
/// consumer (``ProtocolWriter`` for protocol v1) turns it into output; only the writer knows how
/// it is spelled on the wire.
package enum Reply: Sendable {
    /// The session's greeting: protocol version, screens and clock.
    case ready(screens: [String], clock: ClockMode)
    /// A screen's whole state.
    case state(StateSnapshot)
    /// The preview view model recorded an event instead of handling it.
    case recorded(RecordedEvent)
    /// The registered screens, and the one in use.
    case screens([ScreenSummary], current: String?)
    /// The current screen's events and state fields.
    case description(ScreenDescription)
    /// Rows of the command table.
    case help([HelpEntry])
    /// Where virtual time stands after `advance`.
    case clock(now: Duration)
    /// A command that has nothing else to say, or a setting it changed.
    case ok(Acknowledgement)
    /// The calls of one dependency.
    /// A dependency's calls: the newest kept, and how many older ones were dropped.
    case calls(screen: String, dependency: String, calls: [DependencyTable.Call], dropped: Int)
    /// A watched path's value changed; written just before the state line that shows it.
    case change(WatchedChange)
    /// How `vmrepl explore` ended.
    case exploration(Exploration)
    /// The request failed and changed nothing.
    case error(ReplError)
    /// Something a screen's view model told the app to do (see ``ScreenOutput``), with its value.
    case output(screen: String, name: String, value: JSONValue)
    /// A note about a screen that is not an error: work on virtual time waiting on the real clock.
    case log(screen: String, message: String)
}
