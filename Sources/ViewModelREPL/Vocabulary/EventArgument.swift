/// One argument of an event.
package struct EventArgument: Sendable, Equatable {
    package var name: String
    package var type: String
    /// For an argument of enum type, its cases (`planning`, `booked(Int)`), from the type.
    package var cases: [String]?
    /// Its JSON Schema from its declared type, where the event's type tells it.
    package var schema: JSONValue?

    package init(name: String, type: String, cases: [String]? = nil, schema: JSONValue? = nil) {
        self.name = name
        self.type = type
        self.cases = cases
        self.schema = schema
    }
}
