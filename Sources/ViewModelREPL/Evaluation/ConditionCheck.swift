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
            guard let actual, let expected = condition.value, let order = StateCondition.order(actual, expected) else { return false }
            switch condition.op {
            case .less: return order == .orderedAscending
            case .lessOrEqual: return order != .orderedDescending
            case .greater: return order == .orderedDescending
            default: return order != .orderedAscending
            }
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
