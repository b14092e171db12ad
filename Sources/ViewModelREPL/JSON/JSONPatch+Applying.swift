extension JSONPatch {
    /// `value` with `patch`'s operations applied in order (`add`, `remove` and `replace` on JSON
    /// Pointers, as ``TraceLogReader`` accepts them), or `nil` when one does not apply: a path
    /// that is not there, an index past the end, an operation without its value. A walk as deep as
    /// the path, never deeper than ``maximumDepth``.
    package static func applying(_ patch: JSONValue, to value: JSONValue) -> JSONValue? {
        guard case .array(let operations) = patch else { return nil }
        var result = value
        for operation in operations {
            guard case .string(let op)? = operation["op"], case .string(let pointer)? = operation["path"],
                let tokens = Self.tokens(pointer), tokens.count <= maximumDepth
            else { return nil }
            let new = operation["value"]
            if op != "remove", new == nil { return nil }
            guard let changed = Self.apply(op, new, at: tokens[...], in: result) else { return nil }
            result = changed
        }
        return result
    }

    /// The deepest path a patch is applied at.
    static let maximumDepth = 512

    /// A JSON Pointer's reference tokens (`~1` for `/`, `~0` for `~`); `nil` when it is not one.
    private static func tokens(_ pointer: String) -> [String]? {
        guard !pointer.isEmpty else { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        return pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `value` with `op` done at `tokens` below it.
    private static func apply(_ op: String, _ new: JSONValue?, at tokens: ArraySlice<String>, in value: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return op == "remove" ? nil : new }
        let last = tokens.count == 1
        switch value {
        case .object(var members):
            let index = members.lastIndex { $0.key == token }
            if last {
                switch (op, index) {
                case ("remove", let index?): members.remove(at: index)
                case (_, let index?): members[index].value = new!
                case ("add", nil): members.append((token, new!))
                default: return nil
                }
                return .object(members)
            }
            guard let index, let changed = apply(op, new, at: tokens.dropFirst(), in: members[index].value) else { return nil }
            members[index].value = changed
            return .object(members)
        case .array(var elements):
            let index = token == "-" ? elements.count : Int(token)
            guard let index, index >= 0, String(index) == token || token == "-" else { return nil }
            if last {
                switch op {
                case "add" where index <= elements.count: elements.insert(new!, at: index)
                case "remove" where index < elements.count: elements.remove(at: index)
                case "replace" where index < elements.count: elements[index] = new!
                default: return nil
                }
                return .array(elements)
            }
            guard index < elements.count, let changed = apply(op, new, at: tokens.dropFirst(), in: elements[index]) else { return nil }
            elements[index] = changed
            return .array(elements)
        default:
            return nil
        }
    }
}
