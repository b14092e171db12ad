import Foundation

/// Decodes a `Decodable` value straight from a parsed ``JSONValue``, as `JSONDecoder` with its
/// default strategies would decode the same JSON text: no text is written and read again.
///
/// It also reads the readable forms ``StateEncoder`` writes (``ValueForms``): a date as ISO 8601
/// text, and an enum case as `"idle"`, `{"loaded":3}` or `{"moved":[1,2]}` as well as synthesized
/// `Codable`'s `{"idle":{}}` and `{"loaded":{"_0":3}}`.
///
/// It gives up (and the caller decodes with `JSONDecoder`, so values and errors stay exactly
/// JSONDecoder's) on anything it does not decode the same way: a `Float`, a `Decimal`, a
/// fractional or out-of-range number for an integer, a `superDecoder`, and any error at all,
/// even one the value's own `init(from:)` caught.
package enum JSONValueDecoder {
    /// Decodes `type` from `value`, or returns `nil` where `JSONDecoder` must decide.
    package static func decodeIfHandled<Value: Decodable>(_ type: Value.Type, from value: JSONValue) -> Value? {
        let session = Session()
        guard let decoded = try? session.decode(type, from: value), !session.gaveUp else { return nil }
        return decoded
    }

    /// The first text (or number, or `true`/`false`) given for an enum inside `value` that names
    /// none of its cases, with the cases as `describe` lists them: why a value that did not decode
    /// was refused, in words a person can act on (`JSONDecoder` says "expected object" of a
    /// synthesized enum given an unknown name, "Cannot initialize" of a raw-value one). Only
    /// asked once decoding has failed.
    package static func caseNotFound<Value: Decodable>(_ type: Value.Type, in value: JSONValue) -> (given: JSONValue, cases: [String])? {
        let session = Session()
        session.findsMissingCases = true
        _ = try? session.decode(type, from: value)
        return session.missingCase
    }

    /// Thrown to hand the value to `JSONDecoder`.
    struct GiveUp: Error {}

    /// What one decoding shares: whether it gave up anywhere, even inside a `try?` of the value's own.
    final class Session {
        var gaveUp = false
        /// Whether to look for text that names no case of its enum (``caseNotFound(_:in:)``).
        var findsMissingCases = false
        /// The first such text, and the cases.
        var missingCase: (given: JSONValue, cases: [String])?

        /// Gives up: marks the decoding and returns the error to throw.
        func giveUp() -> GiveUp {
            gaveUp = true
            return GiveUp()
        }

        func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
            if Value.self == String.self {
                guard case .string(let text) = value else { throw giveUp() }
                return text as! Value
            } else if Value.self == Int.self {
                return try integer(Int.self, value) as! Value
            } else if Value.self == Bool.self {
                guard case .bool(let flag) = value else { throw giveUp() }
                return flag as! Value
            } else if Value.self == Double.self {
                return try double(value) as! Value
            } else if Value.self == Date.self {
                if case .string(let text) = value {
                    guard let date = ISODate.parse(text) else { throw giveUp() }
                    return date as! Value
                }
                return Date(timeIntervalSinceReferenceDate: try double(value)) as! Value
            } else if Value.self == Data.self {
                guard case .string(let text) = value, let data = Data(base64Encoded: text) else { throw giveUp() }
                return data as! Value
            } else if Value.self == URL.self {
                guard case .string(let text) = value, let url = URL(string: text) else { throw giveUp() }
                return url as! Value
            } else if Value.self == IndexSet.self, case .array(let elements) = value {
                // The readable form of an `IndexSet`: its indexes (`Codable`'s own form reads below).
                var indexes = IndexSet()
                for element in elements {
                    guard case .int(let index) = element, index >= 0, index < Int.max else { throw giveUp() }
                    indexes.insert(index)
                }
                return indexes as! Value
            } else if Value.self == Decimal.self || Value.self == Float.self {
                throw giveUp()
            } else if let keyed = Value.self as? any KeyedEntries.Type, keyed.keyForm != .native, let flat = keyed.keyForm.codable(value) {
                // The readable object or pairs of a dictionary `Codable` reads as one flat array.
                return try Value(from: ValueDecoder(flat, session: self))
            }
            if findsMissingCases, missingCase == nil, Self.isWrittenLikeACase(value), let cases = Self.casesWrittenAsText(Value.self),
                !cases.contains(where: { value == .string($0.name) })
            {
                missingCase = (value, cases.map(\.description))
                throw giveUp()
            }
            return try Value(from: ValueDecoder(value, session: self))
        }

        /// The cases of an enum whose cases are written as their names or `String` raw values;
        /// `nil` for any other type (an enum of `Int` raw values is written as numbers).
        private static func casesWrittenAsText(_ type: Any.Type) -> [EnumCases.Case]? {
            if let raw = type as? any RawRepresentable.Type, !hasTextRawValues(raw) { return nil }
            return EnumCases.of(type)
        }

        /// Whether `value` is written where a case's name would be: text, a number, `true` or `false`.
        private static func isWrittenLikeACase(_ value: JSONValue) -> Bool {
            switch value {
            case .string, .int, .double, .bool: true
            default: false
            }
        }

        private static func hasTextRawValues<Raw: RawRepresentable>(_: Raw.Type) -> Bool {
            Raw.RawValue.self == String.self
        }

        func integer<Number: FixedWidthInteger>(_ type: Number.Type, _ value: JSONValue) throws -> Number {
            switch value {
            case .int(let number): if let exact = Number(exactly: number) { return exact }
            // Past Int.max (a UInt64), read from its digits.
            case .number(let text): if let exact = Number(text) { return exact }
            default: break
            }
            throw giveUp()
        }

        func double(_ value: JSONValue) throws -> Double {
            switch value {
            case .double(let number): return number
            // Past a Double's range either way (`1e400`, `1e-400`, which it would round to 0): JSONDecoder refuses it.
            case .number(let text):
                let mantissa = text.prefix { $0 != "e" && $0 != "E" }
                if let number = Double(text), number.isFinite, number != 0 || !mantissa.contains(where: { ("1"..."9").contains($0) }) {
                    return number
                }
                throw giveUp()
            // Written so where JSON has no number: read back as the readable forms write them.
            case .string("nan"): return .nan
            case .string("inf"): return .infinity
            case .string("-inf"): return -.infinity
            // Exact up to 2^53, as the text's own parse would be.
            case .int(let number) where number.magnitude <= 1 << 53: return Double(number)
            default: throw giveUp()
            }
        }
    }

    /// The decoder a value's `init(from:)` sees: one JSON value.
    struct ValueDecoder: Decoder {
        let value: JSONValue
        let session: Session
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(_ value: JSONValue, session: Session) {
            self.value = value
            self.session = session
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            guard let members = Self.members(of: value, keyedBy: type) else { throw session.giveUp() }
            return KeyedDecodingContainer(KeyedContainer<Key>(members: members, session: session))
        }

        /// The members a keyed container of `Key` sees in `value`: an object's own, or an enum
        /// case's readable form read as synthesized `Codable` wrote it. A case name alone (`"idle"`)
        /// is the case without payload; a value for keys `_0` (and no `_1`) is that one payload;
        /// an array for keys `_0`, `_1`, … is the payloads in order.
        static func members<Key: CodingKey>(of value: JSONValue, keyedBy type: Key.Type) -> [(key: String, value: JSONValue)]? {
            let positional = Key(stringValue: "_0") != nil
            switch value {
            case .object(let members):
                if positional, Key(stringValue: "_1") == nil, !members.contains(where: { $0.key == "_0" }) { return [("_0", value)] }
                return members
            case .string(let name) where !positional:
                guard Key(stringValue: name) != nil else { return nil }
                return [(name, .object([]))]
            case .array(let elements) where positional && Key(stringValue: "_1") != nil:
                return elements.enumerated().map { ("_\($0.offset)", $0.element) }
            default:
                guard positional, Key(stringValue: "_1") == nil else { return nil }
                return [("_0", value)]
            }
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            guard case .array(let elements) = value else { throw session.giveUp() }
            return UnkeyedContainer(elements: elements, session: session)
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            SingleValueContainer(value: value, session: session)
        }
    }
}
