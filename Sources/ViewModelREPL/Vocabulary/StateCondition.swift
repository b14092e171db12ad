/// A test on the state: `PATH OP VALUE`.
package struct StateCondition: Equatable, Sendable {
    package enum Operator: String, Sendable, CaseIterable {
        case equals = "=="
        case notEquals = "!="
        case contains
        case exists
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="

        /// Whether it orders numbers and dates rather than testing equality or presence.
        package var isOrdering: Bool {
            switch self {
            case .less, .lessOrEqual, .greater, .greaterOrEqual: true
            case .equals, .notEquals, .contains, .exists: false
            }
        }
    }

    package var path: StatePath
    package var op: Operator
    /// The value compared against; `nil` for `exists`.
    package var value: JSONValue?

    package init(path: StatePath, op: Operator, value: JSONValue?) {
        self.path = path
        self.op = op
        self.value = value
    }

    /// The condition as a person would write it: `count == 3`, `items exists`.
    package var text: String {
        guard let value else { return "\(path) \(op.rawValue)" }
        return "\(path) \(op.rawValue) \(JSONWriter.string(value))"
    }
}
