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

    /// Whether the declaration at `location` is marked `@ObservationIgnored`, on its own line or
    /// on the attribute lines just above it (the symbol graph's declaration leaves the mark out).
    mutating func isObservationIgnored(at location: SymbolGraph.Symbol.Location?) -> Bool {
        guard let location, let file = self.file(location.uri) else { return false }
        let line = location.position.line
        guard line >= 0, line < file.count else { return false }
        let own = file[line].prefix(max(0, location.position.character))
        if own.contains("@ObservationIgnored") { return true }
        // The lines above that hold only attributes.
        for above in file[..<line].reversed().prefix(4) {
            let text = above.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("@") else { return false }
            if text.contains("@ObservationIgnored") { return true }
        }
        return false
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

extension SourceFiles {
    /// The `#if` conditions a declaration stands under in its source file, as one condition
    /// (`DEBUG`, `!(DEBUG) && os(iOS)`), or `nil` for none: the generated file puts what names the
    /// declaration under the same condition, so a symbol graph built in debug writes a file that
    /// builds in release too.
    mutating func condition(at location: SymbolGraph.Symbol.Location?) -> String? {
        guard let location, let file = self.file(location.uri) else { return nil }
        // Each open block's branches so far: the conditions of the branches passed, and the current one.
        var stack: [(passed: [String], current: String)] = []
        for line in file.prefix(max(0, min(location.position.line, file.count))) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard text.hasPrefix("#") else { continue }
            let words = text.split(separator: " ", maxSplits: 1)
            let directive = words.first.map(String.init) ?? ""
            let rest = words.count > 1 ? Self.withoutComment(String(words[1])) : ""
            switch directive {
            case "#if": stack.append((passed: [], current: rest))
            case "#elseif" where !stack.isEmpty:
                stack[stack.count - 1].passed.append(stack[stack.count - 1].current)
                stack[stack.count - 1].current = rest
            case "#else" where !stack.isEmpty:
                stack[stack.count - 1].passed.append(stack[stack.count - 1].current)
                stack[stack.count - 1].current = ""
            case "#endif" where !stack.isEmpty: stack.removeLast()
            default: break
            }
        }
        let parts = stack.flatMap { block in block.passed.map { "!(\($0))" } + (block.current.isEmpty ? [] : [block.current]) }
        guard !parts.isEmpty else { return nil }
        return parts.count == 1 && stack.count == 1 && stack[0].passed.isEmpty
            ? parts[0] : parts.map { $0.hasPrefix("!") ? $0 : "(\($0))" }.joined(separator: " && ")
    }

    private static func withoutComment(_ text: String) -> String {
        (text.range(of: "//").map { String(text[..<$0.lowerBound]) } ?? text).trimmingCharacters(in: .whitespaces)
    }
}
