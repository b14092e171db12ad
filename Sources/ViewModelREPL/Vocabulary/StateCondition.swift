import Foundation

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

    /// How two numbers, or two dates (ISO 8601 text, as states print them), are ordered; `nil` for
    /// any other pair, which no ordering condition holds for (a NaN included).
    package static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? {
        func ordered<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult {
            a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
        }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return ordered(a, b)
        case (.string(let a), .string(let b)):
            guard let a = ISODate.parse(a), let b = ISODate.parse(b) else { return nil }
            return ordered(a, b)
        default:
            // Exactly where both have a Decimal's digits (an integer past 2^53, a number kept as
            // text); else as Doubles, the only form a value such as 1e400 has.
            guard let a = number(lhs), let b = number(rhs) else { return nil }
            if let exactA = a.exact, let exactB = b.exact { return ordered(exactA, exactB) }
            guard !a.double.isNaN, !b.double.isNaN else { return nil }
            return ordered(a.double, b.double)
        }
    }

    /// A number as a `Double`, and as a `Decimal` where it holds every digit.
    private static func number(_ value: JSONValue) -> (double: Double, exact: Decimal?)? {
        switch value {
        case .int(let a): return (Double(a), Decimal(a))
        case .double(let a): return (a, a.isFinite && a == a.rounded() && abs(a) < 1e15 ? Decimal(Int(a)) : nil)
        case .number(let text): return (Double(text) ?? .nan, JSONValue.exactly(text))
        default: return nil
        }
    }
}
