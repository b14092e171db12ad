import Foundation

/// Output lines of a session, parsed by Foundation's `JSONSerialization` (a parser independent of
/// vmrepl's), with the lookups tests make: the reply to a line, the replies, the pushes.
public protocol ParsedLines {
    /// Every output line, parsed.
    var lines: [[String: Any]] { get }
}

extension ParsedLines {
    /// The reply to input line `line`: the one line with that number, no `push`, and neither a
    /// `change` nor an `output` (which carry their request's line without being its reply).
    public func reply(_ line: Int) -> [String: Any]? {
        let replies = replies.filter { $0["line"] as? Int == line }
        return replies.count == 1 ? replies[0] : nil
    }

    /// The replies, in order.
    public var replies: [[String: Any]] {
        lines.filter { $0["line"] != nil && $0["push"] == nil && !["change", "output"].contains($0["type"] as? String ?? "") }
    }

    /// The pushed lines, in order.
    public var pushes: [[String: Any]] { lines.filter { $0["push"] as? Bool == true } }
}

/// Lines parsed once and kept, for a test that looks at them many times.
public struct ParsedOutput: ParsedLines {
    public var lines: [[String: Any]]

    public init(lines: [[String: Any]]) {
        self.lines = lines
    }
}

/// Parses one output line; throws when it is not one JSON object with a `type` and a `seq`.
public func parseLine(_ line: String) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
        throw ProtocolViolation("not a JSON object: \(line)")
    }
    guard object["type"] is String, object["seq"] is Int else { throw ProtocolViolation("no type or seq: \(line)") }
    return object
}

/// Output that breaks the protocol.
public struct ProtocolViolation: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Reads a value at a dotted path (`state.users.phase`) inside a parsed line.
public func value(_ object: [String: Any]?, _ path: String) -> Any? {
    var current: Any? = object
    for key in path.split(separator: ".") {
        if let index = Int(key), let array = current as? [Any] {
            current = array.indices.contains(index) ? array[index] : nil
        } else {
            current = (current as? [String: Any])?[String(key)]
        }
    }
    return current
}

/// A parsed JSON value as compact JSON text with sorted keys, for whole-value comparisons.
public func json(_ value: Any?) -> String {
    guard let value else { return "missing" }
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) else { return "?" }
    return String(decoding: data, as: UTF8.self)
}
