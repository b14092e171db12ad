import Foundation

/// A whole piped session: all lines sent at once, input closed, every output line read and parsed.
struct Transcript {
    var lines: [[String: Any]]
    var status: Int32
    var standardError: String

    /// Runs vmrepl over `input` (joined with newlines) with `arguments`.
    static func run(
        _ input: [String], arguments: [String] = [], environment: [String: String] = [:], binary: URL = VMReplProcess.binaryURL
    ) async throws -> Transcript {
        let process = try VMReplProcess(arguments, environment: environment, binary: binary)
        process.send(input.joined(separator: "\n"))
        process.closeInput()
        let lines = try await process.rest()
        return Transcript(lines: lines, status: await process.exitStatus(), standardError: process.standardError)
    }

    /// The reply to input line `line`: the one line with that number and no `push`.
    func reply(_ line: Int) -> [String: Any]? {
        let replies = lines.filter { $0["line"] as? Int == line && $0["push"] == nil }
        return replies.count == 1 ? replies[0] : nil
    }

    /// The replies, in order.
    var replies: [[String: Any]] { lines.filter { $0["line"] != nil && $0["push"] == nil } }

    /// The pushed lines, in order.
    var pushes: [[String: Any]] { lines.filter { $0["push"] as? Bool == true } }
}

/// Reads a value at a dotted path (`state.users.phase`) inside a parsed line.
func value(_ object: [String: Any]?, _ path: String) -> Any? {
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
func json(_ value: Any?) -> String {
    guard let value else { return "missing" }
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]) else { return "?" }
    return String(decoding: data, as: UTF8.self)
}
