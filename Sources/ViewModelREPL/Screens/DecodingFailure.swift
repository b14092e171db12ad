/// An event that the app's `Decodable` refused, and why.
package struct DecodingFailure: Error, Sendable {
    package var reason: String
}

extension DecodingFailure {
    /// A short reason for a decoding failure, naming where in the JSON it went wrong.
    static func reason(for error: (any Error)?) -> String {
        guard let error = error as? DecodingError else { return error.map { "\($0)" } ?? "unknown error" }
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path.hasPrefix(".") ? String(path.dropFirst()) : path)"
        }
        switch error {
        case .keyNotFound(let key, let context): return "missing '\(key.stringValue)'\(path(context))"
        case .typeMismatch(let type, let context): return "expected \(typeName(type))\(path(context))"
        case .valueNotFound(let type, let context): return "expected \(typeName(type))\(path(context)), found null"
        case .dataCorrupted(let context): return "\(context.debugDescription.prefix(120))\(path(context))"
        @unknown default: return "\(error)"
        }
    }

    /// A short reason for `value`'s failure to decode as `type`: as ``reason(for:)``, except that
    /// text that names no case of an enum is said to be so, with the cases, not "expected object".
    static func reason<Value: Decodable>(for error: any Error, decoding type: Value.Type, from value: JSONValue) -> String {
        guard let decoding = error as? DecodingError else { return reason(for: error) }
        // The text given to JSONDecoder is ours and valid: what it calls not valid JSON is a number
        // its type cannot hold (`1e400`, an integer past `Int.max`), which the value names.
        if case .dataCorrupted(let context) = decoding, context.underlyingError != nil || context.debugDescription.contains("valid JSON"),
            let (number, path) = outOfRangeNumber(in: value)
        {
            return Messages.outOfRange(number, at: path, in: TypeName.of(type))
        }
        let context: DecodingError.Context
        switch decoding {
        case .typeMismatch(_, let found), .dataCorrupted(let found): context = found
        default: return reason(for: error)
        }
        guard let missing = JSONValueDecoder.caseNotFound(type, in: value) else { return reason(for: error) }
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let field = path.isEmpty ? TypeName.of(type) : path.hasPrefix(".") ? String(path.dropFirst()) : path
        return Messages.notOneOfTheCases(JSONWriter.string(missing.given), field: field, cases: missing.cases)
    }

    /// The number in `value` a type most likely could not hold, and its path: the first that no
    /// `Double` holds or that is a whole number past an `Int`, else the first kept as text.
    static func outOfRangeNumber(in value: JSONValue) -> (number: String, path: String)? {
        var numbers: [(number: String, path: String)] = []
        func collect(_ value: JSONValue, at path: String) {
            switch value {
            case .number(let text): numbers.append((text, path))
            case .array(let elements): for (index, element) in elements.enumerated() { collect(element, at: "\(path)[\(index)]") }
            case .object(let members):
                for member in members {
                    var place = path
                    PathText.append(key: member.key, to: &place)
                    collect(member.value, at: place)
                }
            default: break
            }
        }
        collect(value, at: "")
        let tooLarge = numbers.first { number in
            !(Double(number.number)?.isFinite ?? false) || !number.number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
        }
        return tooLarge ?? numbers.first
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "int"
        case is Double.Type, is Float.Type: "number"
        case is String.Type: "string"
        case is Bool.Type: "bool"
        default: "\(type)".contains("Dictionary") ? "object" : "\(type)".contains("Array") ? "array" : "\(type)"
        }
    }
}
