/// A path into a state, such as `users.value[0].name` or `events[-1]`; negative indices count from the end.
package struct StatePath: Equatable, Sendable, CustomStringConvertible {
    package enum Component: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    package var components: [Component]
    package let description: String

    /// Parses `text`; returns `nil` when it is not a path.
    package init?(_ text: String) {
        var components: [Component] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if rest.first == "[" {
                rest = rest.dropFirst()
                if rest.first == "\"" {
                    // A quoted key (`files["hello.swift"]`): any text, `\"` and `\\` escaped.
                    guard let key = Self.quotedKey(&rest), rest.first == "]" else { return nil }
                    components.append(.key(key))
                    rest = rest.dropFirst()
                    if rest.first == "." { rest = rest.dropFirst() }
                    continue
                }
                guard let close = rest.firstIndex(of: "]"), let index = Int(rest[..<close]) else { return nil }
                components.append(.index(index))
                rest = rest[rest.index(after: close)...]
                if rest.first == "." { rest = rest.dropFirst() }
                continue
            }
            let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            let key = rest[..<end]
            guard !key.isEmpty else { return nil }
            components.append(.key(String(key)))
            rest = rest[end...]
            if rest.first == "." {
                rest = rest.dropFirst()
                if rest.isEmpty { return nil }
            }
        }
        guard !components.isEmpty else { return nil }
        self.components = components
        self.description = text
    }

    /// Reads a quoted key from the front of `text` (which starts at its opening quote).
    private static func quotedKey(_ text: inout Substring) -> String? {
        text = text.dropFirst()
        var key = ""
        while let character = text.first {
            text = text.dropFirst()
            switch character {
            case "\"": return key
            case "\\":
                guard let escaped = text.first, escaped == "\"" || escaped == "\\" else { return nil }
                key.append(escaped)
                text = text.dropFirst()
            default: key.append(character)
            }
        }
        return nil
    }

    /// Appends the step to the member `key` to the path `text` (see ``PathText``).
    package static func append(key: String, to text: inout String) {
        PathText.append(key: key, to: &text)
    }

    /// The value at this path in `root`, or `nil` when there is none.
    package func lookup(in root: JSONValue) -> JSONValue? {
        var current = root
        for component in components {
            guard let next = Self.step(component, in: current) else { return nil }
            current = next
        }
        return current
    }

    /// One component's step into `value`: a member, an element (negative from the end), an array's `count`.
    static func step(_ component: Component, in value: JSONValue) -> JSONValue? {
        switch (component, value) {
        case (.key(let key), .object):
            return value[key]
        case (.key("count"), .array(let elements)):
            return .int(elements.count)
        case (.index(let index), .array(let elements)):
            let position = index < 0 ? elements.count + index : index
            guard elements.indices.contains(position) else { return nil }
            return elements[position]
        default:
            return nil
        }
    }
}
