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
