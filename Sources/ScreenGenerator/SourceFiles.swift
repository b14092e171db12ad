import Foundation

/// The module's source files, read where the symbol graph leaves out what a declaration says: the
/// generic arguments a class gives its base (`final class RoomViewModel: StateStore<RoomState>`),
/// which the graph's `inheritsFrom` relation does not carry.
struct SourceFiles {
    private var lines: [String: [Substring]?] = [:]

    /// The arguments `type`'s declaration gives its base class `base`, or `nil` where its source
    /// cannot be read or names no arguments.
    mutating func genericArguments(of type: SymbolGraph.Symbol, base: String) -> [String]? {
        guard let location = type.location, let file = self.file(location.uri) else { return nil }
        let start = location.position.line
        guard start >= 0, start < file.count else { return nil }
        // The declaration's head, up to its body's brace (within a few lines).
        var head = file[start...].prefix(8).joined(separator: " ")
        if let brace = head.firstIndex(of: "{") { head = String(head[..<brace]) }
        guard let colon = head.firstIndex(of: ":") else { return nil }
        let inheritance = head[head.index(after: colon)...]
        guard let range = inheritance.range(of: base + "<") else { return nil }
        var depth = 1
        var arguments: [String] = []
        var current = ""
        for character in inheritance[range.upperBound...] {
            switch character {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 1:
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
                continue
            default: break
            }
            if depth == 0 {
                arguments.append(current.trimmingCharacters(in: .whitespaces))
                return arguments.contains(where: \.isEmpty) ? nil : arguments
            }
            current.append(character)
        }
        return nil
    }

    private mutating func file(_ uri: String) -> [Substring]? {
        if let cached = lines[uri] { return cached }
        // `file:///abs/path` from SwiftPM; `file://relative/path` from a bare swiftc run in a directory.
        let path = (uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri).removingPercentEncoding ?? uri
        let read = (try? String(contentsOfFile: path, encoding: .utf8)).map { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        lines[uri] = read
        return read
    }
}
