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
