/// One argument of an event.
package struct EventArgument: Sendable, Equatable {
    package var name: String
    package var type: String
    /// For an argument of enum type, its cases (`planning`, `booked(Int)`), from the type.
    package var cases: [String]?
    /// Its JSON Schema from its declared type, where the event's type tells it.
    package var schema: JSONValue?
    /// Whether it may be left out of an `event` line: its type is optional, and a missing value
    /// is `nil` (a generated action's defaulted parameter then takes its default).
    package var isOptional: Bool
    /// Why no event can pass it (its type can be neither decoded nor made), where none can.
    package var unsendable: String?

    package init(name: String, type: String, cases: [String]? = nil, schema: JSONValue? = nil, isOptional: Bool = false) {
        self.name = name
        self.type = type
        self.cases = cases
        self.schema = schema
        self.isOptional = isOptional
    }
}
