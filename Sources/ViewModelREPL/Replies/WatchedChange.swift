/// A watched path's value changed: what `watch` reports.
package struct WatchedChange: Sendable {
    package var screen: String
    package var path: String
    /// The value before; `nil` when the path led nowhere.
    package var from: JSONValue?
    /// The value now; `nil` when the path leads nowhere.
    package var to: JSONValue?
}
