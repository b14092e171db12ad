import Foundation
import ViewModelKit

/// What an event did: handled by the real view model, or recorded by the preview.
package enum EventOutcome: Equatable {
    /// The view model handled it; what its action returned before the reply, if anything.
    case handled(result: JSONValue?)
    /// The preview recorded it; the event as JSON and how many the preview has recorded in all.
    case recorded(JSONValue, count: Int)
    /// The view model's action threw before it returned to the command.
    case failed(ReplError)
}

/// A screen as the interpreter drives it: its real view model, its preview view model, and JSON in and out.
///
/// It hides the screen's event and state types, so the interpreter holds screens of any types side by side.
/// Two kinds implement it: a ``ViewModel`` written for the protocol (``HostedScreen``), and a class
/// hosted as written (``ReflectedScreen``), which adds what ``AsWrittenHosting`` says.
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
    /// `given` names the fields a `mock FIELD=VALUE` set (`nil` for `mock state=`): only they must
    /// show as given, as the rest may follow from them.
    func mock(_ state: JSONValue, given: [String]?) throws(ReplError)
    /// Shows the real view model again.
    func showReal()
    /// The events the preview recorded, as JSON, oldest first.
    func recordedEvents() -> [JSONValue]

    /// What `load`, `retry` and `cancel` drive, and whether work is in flight; `nil` for a screen
    /// that neither loads nor starts work of its own.
    var loader: (any ScreenLoader)? { get }
    /// The declared Swift type of each stored property of the state's type, by name; empty when
    /// the state is not a struct.
    func declaredTypes() -> [String: Any.Type]
    /// Calls `onChange` once per view model, on the main actor, before its state next changes, saying
    /// whether it is the one shown; call again to keep watching.
    func watch(_ onChange: @escaping @MainActor (_ isShown: Bool) -> Void)
}

extension ScreenHosting {
    /// A state's bytes, as written, read back as a value.
    static func parsedState(_ bytes: [UInt8]) throws(ReplError) -> JSONValue {
        do {
            return try JSONParser.parse(String(decoding: bytes, as: UTF8.self), maximumDepth: 512)
        } catch {
            throw ReplError(.stateDoesNotEncode(reason: error.reason))
        }
    }

}
