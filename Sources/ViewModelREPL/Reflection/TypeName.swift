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
        // MetadataKind.function: 2 | the non-heap flag 0x200 | the runtime-private flag 0x100. A type
        // whose name holds `->` but is none (`Box<(Int) -> Int>`) is a value like any other.
        if unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x302 { return true }
        if let wrapped = (type as? any WrappedTypeProviding.Type)?.wrappedType { return isClosure(wrapped) }
        return false
    }

    /// Rewrites `Optional<X>`, `Array<X>` and `Dictionary<K, V>` in a type's description.
    static func shorten(_ name: String) -> String {
        var scanner = Substring(name)
        return parse(&scanner)
    }

    /// Parses one type from the front of `text`: a name with optional generic arguments, a tuple
    /// or a function, shortening the types inside each.
    private static func parse(_ text: inout Substring) -> String {
        var head = ""
        while let character = text.first, character != "<", character != ">", character != ",", character != ")" {
            text.removeFirst()
            if character == "(" {
                // A tuple's or a function's elements, each a type of its own (after its label).
                var elements: [String] = []
                while let next = text.first, next != ")" {
                    let before = text.count
                    elements.append(parse(&text))
                    if text.first == "," || text.count == before { text.removeFirst() }
                }
                if text.first == ")" { text.removeFirst() }
                head += "(" + elements.joined(separator: ", ") + ")"
            } else if character == "-", text.first == ">" {
                // A function's arrow closes nothing.
                text.removeFirst()
                head += "->"
            } else {
                head.append(character)
            }
        }
        head = head.trimmingCharacters(in: .whitespaces)
        guard text.first == "<" else { return head }
        text.removeFirst()
        var arguments: [String] = []
        while !text.isEmpty {
            arguments.append(parse(&text))
            guard let next = text.first else { break }
            text.removeFirst()
            if next == ">" { break }
        }
        // What comes before the generic name stays as it is: a label (`action: `) or an arrow.
        let split = head.lastIndex(of: " ").map { head.index(after: $0) } ?? head.startIndex
        let prefix = head[..<split]
        let base = String(head[split...])
        switch (base, arguments.count) {
        case ("Optional", 1), ("Swift.Optional", 1):
            let wrapped = arguments[0]
            return prefix + (wrapped.contains(" ") ? "(\(wrapped))?" : wrapped + "?")
        case ("Array", 1), ("Swift.Array", 1): return prefix + "[\(arguments[0])]"
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return prefix + "[\(arguments[0]): \(arguments[1])]"
        default: return prefix + "\(base)<\(arguments.joined(separator: ", "))>"
        }
    }
}
