/// An event the preview view model recorded.
package struct RecordedEvent: Sendable {
    package var screen: String
    package var model: ModelKind
    /// The event as JSON: `{"select":{"id":3}}`.
    package var event: JSONValue
    /// How many events the preview has recorded in all.
    package var count: Int
}
