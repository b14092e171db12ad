import Foundation

/// A JSON value as the interpreter reads it from requests and states: exact integers, ordered objects.
///
/// Objects keep their members in order, so a state patched by `mock field=value` prints its fields
/// where they were; lookups are linear, which suits the small objects requests and states hold.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// A number with more digits than an `Int` or a `Double` holds exactly (`18446744073709551615`,
    /// `3.14159265358979323846264338327950288`, `1e400`), kept as its text: written back as given,
    /// and read by a `UInt64` or a `Decimal` with every digit.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Double(a) == b
        // Numbers kept as text are compared by every digit, never as the Doubles they round to.
        case (.number(let a), .number(let b)): a == b || Self.exactly(a).map { $0 == Self.exactly(b) } ?? false
        case (.number(let a), .int(let b)), (.int(let b), .number(let a)): Self.exactly(a) == Decimal(b)
        case (.number(let a), .double(let b)), (.double(let b), .number(let a)): b.isFinite && Self.exactly(a) == Decimal(string: "\(b)")
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && Self.sameMembers(a, b)
        default: false
        }
    }

    /// Whether two objects of one size hold the same members in any order: by scanning where they
    /// are small, through an index by name where they are not (linear, not quadratic).
    private static func sameMembers(_ a: [(key: String, value: JSONValue)], _ b: [(key: String, value: JSONValue)]) -> Bool {
        guard a.count > 16 else { return a.allSatisfy { member in b.contains { $0.key == member.key && $0.value == member.value } } }
        let byName = Dictionary(b.map { ($0.key, $0.value) }) { first, _ in first }
        return a.allSatisfy { byName[$0.key] == $0.value }
    }

    /// The value of a number's text, where a `Decimal` holds all of its digits (38).
    package static func exactly(_ text: String) -> Decimal? {
        guard let value = Decimal(string: text), !value.isNaN, text.utf8.count(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) <= 38 else {
            return nil
        }
        return value
    }

    package func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(Double(value))
        case .double(let value): hasher.combine(value)
        case .number(let text): hasher.combine(Double(text) ?? 0)
        case .string(let value): hasher.combine(value)
        case .array(let values): hasher.combine(values)
        case .object(let members): hasher.combine(members.count)
        }
    }

    /// The member named `key` of an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name for the value's kind, as error messages and `describe` print it.
    package var kind: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double, .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// `value` with every object's members in key order, as states are written.
    package static func sortingKeys(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let elements): return .array(elements.map(sortingKeys))
        case .object(let members):
            return .object(members.map { ($0.key, sortingKeys($0.value)) }.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
        default: return value
        }
    }

    /// The string inside a `.string`.
    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// Sets the member `key` of an object, keeping its place, or appends it.
    package mutating func set(_ key: String, to value: JSONValue) {
        guard case .object(var members) = self else { return }
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        self = .object(members)
    }
}
