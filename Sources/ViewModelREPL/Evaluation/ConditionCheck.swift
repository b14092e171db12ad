import Foundation

/// Decides whether a `PATH OP VALUE` condition holds on a state.
package enum ConditionCheck {
    /// Whether `condition` holds in `root`.
    package static func holds(_ condition: StateCondition, in root: JSONValue) -> Bool {
        let actual = condition.path.lookup(in: root)
        switch condition.op {
        case .exists:
            return actual != nil
        case .equals:
            return actual == condition.value
        case .notEquals:
            return actual != condition.value
        case .contains:
            guard let actual, let expected = condition.value else { return false }
            switch (actual, expected) {
            case (.string(let text), .string(let part)): return text.contains(part)
            case (.array(let elements), _): return elements.contains(expected)
            case (.object, .string(let key)): return actual[key] != nil
            default: return false
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let actual, let expected = condition.value, let order = order(actual, expected) else { return false }
            switch condition.op {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
        }
    }

    /// How two numbers, or two dates (ISO 8601 text, as states print them), are ordered; `nil` for
    /// any other pair, which no ordering condition holds for (a NaN included).
    static func order(_ lhs: JSONValue, _ rhs: JSONValue) -> ComparisonResult? {
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
        case .number(let text):
            let digits = text.utf8.count { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            return (Double(text) ?? .nan, digits <= 38 ? Decimal(string: text) : nil)
        default: return nil
        }
    }

    /// The error a failed `expect` reports, with the actual value; `nil` when it holds.
    static func failure(of condition: StateCondition, in root: JSONValue) -> ReplError? {
        guard !holds(condition, in: root) else { return nil }
        let actual = condition.path.lookup(in: root)
        return ReplError(.expectationFailed(condition, actual: actual, differences: differences(of: condition, actual: actual)))
    }

    /// Where an `==` between containers went wrong, from the actual value to the expected one;
    /// `nil` unless both are objects or both arrays.
    private static func differences(of condition: StateCondition, actual: JSONValue?) -> [JSONPatch.Difference]? {
        guard condition.op == .equals, let actual, let expected = condition.value else { return nil }
        switch (actual, expected) {
        case (.object, .object), (.array, .array): return JSONPatch.differences(from: actual, to: expected)
        default: return nil
        }
    }

}
