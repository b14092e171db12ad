import Foundation

/// Whether a mocked state shows as it was given: the places where what the state's type wrote
/// back after decoding differs from what was given, so a mock never silently loses or changes data.
///
/// The same value in another of its forms is not a difference: a date given as seconds since 2001
/// or as ISO text with other fractional digits, an enum case in synthesized `Codable`'s form, a
/// `null` for an optional left out.
enum MockCheck {
    /// How many differing places a refusal names.
    static let namedLimit = 5

    /// The paths (`phase`, `items[2].name`) where `shown` differs from `given`, at most
    /// ``namedLimit``; only those at or inside `fields` when some are named.
    static func differences(given: JSONValue, shown: JSONValue, within fields: [String]? = nil) -> [String] {
        var paths: [String] = []
        compare(given, shown, at: "", into: &paths)
        guard let fields else { return paths }
        return paths.filter { path in
            fields.contains { path == $0 || path.hasPrefix($0 + ".") || path.hasPrefix($0 + "[") || $0.hasPrefix(path + ".") || $0.hasPrefix(path + "[") }
        }
    }

    /// Whether `path` (`phase`, `items[2].name`) is at or inside the field `field`.
    static func names(_ field: String, path: String) -> Bool {
        path == field || path.hasPrefix(field + ".") || path.hasPrefix(field + "[")
    }

    private static func compare(_ given: JSONValue, _ shown: JSONValue, at path: String, into paths: inout [String]) {
        guard paths.count < namedLimit, !same(given, shown) else { return }
        // Synthesized Codable's form of an enum case, read back in the readable form.
        if case .object(let members) = given, members.count == 1, let readable = readableCase(members[0]) {
            return compare(readable, shown, at: path, into: &paths)
        }
        switch (given, shown) {
        case (.object(let givenMembers), .object(let shownMembers)):
            for member in givenMembers {
                var place = path
                StatePath.append(key: member.key, to: &place)
                guard let other = shownMembers.first(where: { $0.key == member.key })?.value else {
                    paths.append(place)
                    continue
                }
                compare(member.value, other, at: place, into: &paths)
            }
        // A member shown but not given (one the type derives) loses or changes nothing given.
        case (.array(let givenElements), .array(let shownElements)) where givenElements.count == shownElements.count:
            for (index, pair) in zip(givenElements, shownElements).enumerated() {
                compare(pair.0, pair.1, at: "\(path)[\(index)]", into: &paths)
            }
        default:
            paths.append(path.isEmpty ? "state" : path)
        }
    }

    /// Whether two values are the same, with a date in any of its forms.
    private static func same(_ given: JSONValue, _ shown: JSONValue) -> Bool {
        if given == shown { return true }
        switch (given, shown) {
        case (.string(let text), .string(let other)):
            guard let date = ISODate.parse(text), let shownDate = ISODate.parse(other) else { return false }
            return date == shownDate
        case (.int, .string(let other)), (.double, .string(let other)), (.number, .string(let other)):
            guard let shownDate = ISODate.parse(other), let seconds = number(given) else { return false }
            return Date(timeIntervalSinceReferenceDate: seconds) == shownDate
        default:
            return false
        }
    }

    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        case .number(let text): Double(text)
        default: nil
        }
    }

    /// `{"idle":{}}` as `"idle"`, `{"loaded":{"_0":3}}` as `{"loaded":3}`, `{"moved":{"_0":1,"_1":2}}` as `{"moved":[1,2]}`.
    private static func readableCase(_ member: (key: String, value: JSONValue)) -> JSONValue? {
        guard case .object(let payload) = member.value else { return nil }
        if payload.isEmpty { return .string(member.key) }
        let values = (0..<payload.count).map { index in payload.first { $0.key == "_\(index)" }?.value }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let inner = values.count == 1 ? values[0]! : .array(values.map { $0! })
        return .object([(member.key, inner)])
    }
}
