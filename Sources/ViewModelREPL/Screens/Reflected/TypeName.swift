import Foundation

/// A Swift type's name as people write it: `String?`, `[Post]`, `[Int: String]`, `Set<String>`.
enum TypeName {
    /// The name of `type`, its generic arguments shortened the same way.
    static func of(_ type: Any.Type) -> String {
        shorten(String(describing: type))
    }

    /// Whether `type` is a closure's, or holds one (an optional closure): reflection leaves such
    /// values out.
    static func isClosure(_ type: Any.Type) -> Bool {
        String(describing: type).contains("->")
    }

    /// Rewrites `Optional<X>`, `Array<X>` and `Dictionary<K, V>` in a type's description.
    static func shorten(_ name: String) -> String {
        var scanner = Substring(name)
        return parse(&scanner)
    }

    /// Parses one type from the front of `text`: a name with optional generic arguments.
    private static func parse(_ text: inout Substring) -> String {
        var head = ""
        // A tuple's commas (`(Int, Int)`) are inside its parentheses, not between arguments.
        var depth = 0
        while let character = text.first, depth > 0 || (character != "<" && character != ">" && character != ",") {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            head.append(character)
            text.removeFirst()
        }
        guard text.first == "<" else { return head.trimmingCharacters(in: .whitespaces) }
        text.removeFirst()
        var arguments: [String] = []
        while !text.isEmpty {
            arguments.append(parse(&text))
            guard let next = text.first else { break }
            text.removeFirst()
            if next == ">" { break }
        }
        let base = head.trimmingCharacters(in: .whitespaces)
        switch (base, arguments.count) {
        case ("Optional", 1), ("Swift.Optional", 1):
            let wrapped = arguments[0]
            return wrapped.contains(" ") ? "(\(wrapped))?" : wrapped + "?"
        case ("Array", 1), ("Swift.Array", 1): return "[\(arguments[0])]"
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        default: return "\(base)<\(arguments.joined(separator: ", "))>"
        }
    }
}
