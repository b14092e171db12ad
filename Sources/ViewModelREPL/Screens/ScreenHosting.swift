import Foundation
import ViewModelKit

/// Which view model a screen is showing.
package enum ModelKind: String, Sendable {
    case real
    case preview
}

/// What an event did: handled by the real view model, or recorded by the preview.
package enum EventOutcome: Equatable {
    case handled
    /// The preview recorded it; the event as JSON and how many the preview has recorded in all.
    case recorded(JSONValue, count: Int)
}

/// A screen as the interpreter drives it: its real view model, its preview view model, and JSON in and out.
///
/// It hides the screen's event and state types, so the interpreter holds screens of any types side by side.
@MainActor
package protocol ScreenHosting: AnyObject {
    var name: String { get }
    var catalog: EventCatalog { get }
    var kind: ModelKind { get }

    /// The shown view model's state as JSON, keys sorted.
    func encodedState() throws(ReplError) -> [UInt8]
    /// The shown view model's state as a JSON value.
    func stateValue() throws(ReplError) -> JSONValue

    /// Sends an event to the shown view model: `event` as replies show it (`{"select":{"id":3}}`);
    /// `asName` when the event type decodes it as its bare name (`"hello"`), as its catalog says.
    func send(_ event: JSONValue, asName: Bool) throws(DecodingFailure) -> EventOutcome
    /// Shows the preview view model with `state`; changes nothing when it does not decode.
    func mock(_ state: JSONValue) throws(ReplError)
    /// Shows the real view model again.
    func showReal()
    /// The events the preview recorded, as JSON, oldest first.
    func recordedEvents() -> [JSONValue]

    /// The real view model, when it loads.
    var loader: (any LoadingViewModel)? { get }

    /// Calls `onChange` once per view model, on the main actor, before its state next changes, saying
    /// whether it is the one shown; call again to keep watching.
    func watch(_ onChange: @escaping @MainActor (_ isShown: Bool) -> Void)
}

