/// What tab completion offers, taken from the live session after each command and from the
/// members the command table declares.
package struct CompletionContext: Sendable {
    package var screens: [String] = []
    /// The current screen's events and their argument names.
    package var events: [(name: String, arguments: [String])] = []
    /// The values an argument of enum type may take without a payload, by event and argument.
    package var argumentCases: [String: [String: [String]]] = [:]
    /// The current state's field paths (`text`, `users.phase`).
    package var fields: [String] = []
    /// The current screen's dependencies.
    package var dependencies: [String] = []

    package init() {}

    /// What the session offers now.
    @MainActor
    init(_ evaluator: Evaluator) {
        screens = evaluator.registry.names
        if let current = evaluator.current {
            events = current.host.catalog.events.map { ($0.name, $0.arguments.map(\.name)) }
            for event in current.host.catalog.events {
                for argument in event.arguments {
                    // Cases without a payload are whole values (`phase="planning"`); the others need one.
                    guard let cases = argument.cases?.filter({ !$0.contains("(") }), !cases.isEmpty else { continue }
                    argumentCases[event.name, default: [:]][argument.name] = cases
                }
            }
            if let state = try? current.stateValue() { fields = Self.fields(of: state) }
            dependencies = current.dependencies.dependencies.map(\.name)
        }
    }

    /// The words that may complete the word under the cursor, given the line before the cursor.
    package func candidates(before line: String) -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        let atWordStart = line.isEmpty || line.hasSuffix(" ")
        let index = atWordStart ? words.count : words.count - 1
        guard index > 0 else { return CommandTable.names }
        guard let spec = CommandTable.spec(words[0]) else { return [] }
        let typed = Array(words[1..<index])
        if spec.humanForm == .condition {
            return typed.isEmpty ? candidates(for: .path) : typed.count == 1 ? candidates(for: .comparison) : []
        }
        if let previous = typed.last, let keyword = spec.members.first(where: { $0.form == .keyword && $0.name == previous }) {
            return candidates(for: keyword.type)
        }
        let given = Set(typed.compactMap { $0.split(separator: "=").first.map(String.init) })
        let positional = spec.members.filter { $0.form == .positional }
        let positionalTyped = typed.filter { !$0.contains("=") }.count
        if positionalTyped < positional.count {
            let member = positional[positionalTyped]
            return candidates(for: member.type) + member.suggestions
        }
        var offered: [String] = []
        for member in spec.members where !given.contains(member.name) {
            switch member.form {
            case .named:
                if case .choice(let values) = member.type {
                    offered += values.map { member.name + "=" + $0 }
                } else if member.type == .flag {
                    offered.append(member.name + "=true")
                } else {
                    offered.append(member.name + "=")
                }
            case .keyword: offered.append(member.name)
            case .rest:
                switch member.type {
                case .eventArguments:
                    guard let event = events.first(where: { $0.name == typed.first }) else { break }
                    for argument in event.arguments where !given.contains(argument) {
                        if let cases = argumentCases[event.name]?[argument] {
                            offered += cases.map { argument + "=\"" + $0 + "\"" }
                        } else {
                            offered.append(argument + "=")
                        }
                    }
                case .fields: offered += fields.map { $0 + "=" }
                default: break
                }
            case .positional: break
            }
        }
        return offered
    }

    /// The words a member of `type` may be.
    private func candidates(for type: CommandSpec.MemberType) -> [String] {
        switch type {
        case .screen: screens
        case .command: CommandTable.names
        case .event: events.map(\.name)
        case .dependency: dependencies
        case .path: fields + ["@events", "@model"]
        case .condition: fields
        case .comparison: StateCondition.Operator.allCases.map(\.rawValue)
        case .choice(let values): values
        case .flag: ["true", "false"]
        case .text, .duration, .json, .eventArguments, .fields: []
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
