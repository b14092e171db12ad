/// A `key=value` argument.
package struct NamedValue: Equatable, Sendable {
    package var key: String
    package var value: JSONValue

    package init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
