import Foundation

/// What evaluating a request produced, as a value: the one final reply to a request, or a state
/// change pushed later. A renderer (``ProtocolWriter`` for protocol v1) turns it into output; only
/// the renderer knows how it is spelled on the wire.
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
    /// The request failed and changed nothing.
    case error(ReplError)
}

/// A screen's state as one JSON object (sorted keys), with which view model shows it.
package struct StateSnapshot: Sendable {
    package var screen: String
    package var model: ModelKind
    /// Whether the real view model has a load in flight.
    package var isLoading: Bool
    /// The state, encoded by the app's own `Encodable` conformance.
    package var json: Data
}

/// An event the preview view model recorded.
package struct RecordedEvent: Sendable {
    package var screen: String
    package var model: ModelKind
    /// The event as JSON: `{"select":{"id":3}}`.
    package var event: JSONValue
    /// How many events the preview has recorded in all.
    package var count: Int
}

/// One row of `screens`.
package struct ScreenSummary: Sendable {
    package var name: String
    package var summary: String
}

/// What `describe` tells about the current screen.
package struct ScreenDescription: Sendable {
    package var screen: String
    package var model: ModelKind
    /// Whether `load`, `retry` and `cancel` drive it.
    package var loads: Bool
    package var events: [EventCatalog.Event]
    /// The state's top-level fields and their JSON kinds.
    package var fields: [(name: String, type: String)]
}

/// The reply of a command that succeeded with nothing else to show.
package struct Acknowledgement: Sendable {
    /// What changed, when something did.
    package enum Change: Sendable {
        case clock(ClockMode)
        case output(JSONHighlighter.Style)
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
