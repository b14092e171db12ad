/// What tab completion offers, taken from the live session after each command.
package struct CompletionContext: Sendable {
    package var screens: [String] = []
    /// The current screen's events and their argument names.
    package var events: [(name: String, arguments: [String])] = []
    /// The current state's field paths (`text`, `users.phase`).
    package var fields: [String] = []

    package init() {}

    /// The words that may complete the word under the cursor, given the line before the cursor.
    package func candidates(before line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let atWordStart = line.isEmpty || line.hasSuffix(" ")
        let index = atWordStart ? words.count : words.count - 1
        guard index > 0 else { return CommandCatalog.names }
        let command = words[0]
        switch command {
        case "use":
            return index == 1 ? screens : []
        case "help":
            return index == 1 ? CommandCatalog.names : []
        case "event":
            if index == 1 { return events.map(\.name) }
            guard let event = events.first(where: { $0.name == words[1] }) else { return [] }
            let given = Set(words.dropFirst(2).compactMap { $0.split(separator: "=").first.map(String.init) })
            return event.arguments.filter { !given.contains($0) }.map { $0 + "=" }
        case "mock":
            return ["state="] + fields.map { $0 + "=" }
        case "expect":
            return index == 1 ? fields + ["@events", "@model"] : index == 2 ? Command.Condition.Operator.allCases.map(\.rawValue) : []
        case "wait":
            if words.count > 1, words[1] == "until", index == 2 { return fields }
            return ["until", "timeout="]
        case "set":
            return index == 1 ? ["clock=virtual", "clock=real", "output=pretty", "output=compact"] : []
        case "record":
            return index == 1 ? ["stop"] : []
        default:
            return []
        }
    }

    /// The field paths of a state: its members, and one level inside member objects.
    package static func fields(of state: JSONValue) -> [String] {
        guard case .object(let members) = state else { return [] }
        var fields: [String] = []
        for member in members {
            fields.append(member.key)
            if case .object(let inner) = member.value {
                fields += inner.map { member.key + "." + $0.key }
            }
        }
        return fields
    }
}
