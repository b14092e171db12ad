import Foundation

/// Sends a hosted view model's outputs: what a recording closure or delegate calls (see
/// ``ScreenOutput``). Called on the main thread, it records at once; from another thread, the
/// output is recorded on the main thread after what is already queued there.
public struct OutputSender: Sendable {
    /// What an output carries, before it is written as JSON.
    enum Payload {
        case none
        case value(Any)
        case members([(String, Any)])
    }

    /// Records one output on the main actor.
    let record: @MainActor @Sendable (_ name: String, _ payload: Payload) -> Void

    /// Sends `name` with no value: `{}`.
    public func callAsFunction(_ name: String) {
        deliver(name, .none)
    }

    /// Sends `name` with one argument's value.
    public func callAsFunction(_ name: String, _ value: Any) {
        deliver(name, .value(value))
    }

    /// Sends `name` with several arguments, as an object of their labels in this order.
    public func callAsFunction(_ name: String, members: KeyValuePairs<String, Any>) {
        deliver(name, .members(members.map { ($0.key, $0.value) }))
    }

    /// Sends `name` with a notification's `userInfo`: an object of its entries by key (sorted), `{}` without one.
    func callAsFunction(_ name: String, userInfo: [AnyHashable: Any]?) {
        // Keys that print alike (`1` and `"1"`) are told apart by their types, the same way in every
        // process: ordered by text, then type; each after the first named with its type.
        let entries = (userInfo ?? [:]).map { (text: String(describing: $0.key.base), type: TypeName.of(Swift.type(of: $0.key.base)), value: $0.value) }
            .sorted { ($0.text, $0.type) < ($1.text, $1.type) }
        var members: [(String, Any)] = []
        var taken: Set<String> = []
        for entry in entries {
            let key = taken.contains(entry.text) ? "\(entry.text) (\(entry.type))" : entry.text
            taken.insert(key)
            members.append((key, Self.swiftValue(entry.value)))
        }
        deliver(name, members.isEmpty ? .none : .members(members))
    }

    /// A `userInfo` value as Swift's own: on Apple platforms it arrives bridged through
    /// `NSDictionary` (an `NSNumber`, an `NSString`), which the state's value forms show as objects.
    private static func swiftValue(_ value: Any) -> Any {
        #if canImport(ObjectiveC)
            switch value {
            case let number as NSNumber:
                // `c` is the type an `NSNumber` made from a `Bool` reports.
                switch String(cString: number.objCType) {
                case "c", "B": return number.boolValue
                case "f", "d": return number.doubleValue
                default: return number.intValue
                }
            case let text as NSString: return text as String
            case let array as NSArray: return array.map(swiftValue)
            case let dictionary as NSDictionary:
                return Dictionary(dictionary.map { (String(describing: $0.key), swiftValue($0.value)) }) { first, _ in first }
            default: return value
            }
        #else
            return value
        #endif
    }

    private func deliver(_ name: String, _ payload: Payload) {
        // The payload is handed over, not shared: nothing else reads it after this call.
        nonisolated(unsafe) let payload = payload
        let record = record
        if Thread.isMainThread {
            MainActor.assumeIsolated { record(name, payload) }
        } else {
            DispatchQueue.main.async { MainActor.assumeIsolated { record(name, payload) } }
        }
    }
}
