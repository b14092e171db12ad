import Foundation

/// A screen's state as one JSON object (sorted keys), with which view model shows it.
package struct StateSnapshot: Sendable {
    package var screen: String
    package var model: ModelKind
    /// Whether the real view model has a load in flight.
    package var isLoading: Bool
    /// The state, encoded by the app's own `Encodable` conformance.
    package var json: [UInt8]
    /// Whether it must be shown whole, whatever the rendering (the reply to `state`, which is how
    /// a driver reading patches resynchronises).
    package var isWhole = false
    /// The part a person asked to see in full (`state PATH`); the protocol shows the whole state.
    package var focus: StatePath?
    /// The value at ``focus``, read through the marks of shared objects and cycles.
    package var focusedValue: JSONValue?
    /// What could still change the state that the session does not own (a `wait`'s reply names it).
    package var pending: [String] = []
    /// What the event's action returned before the reply (`"result":true`), where it returned something.
    package var result: JSONValue?
}
