/// A command's members as read from a line, checked and converted to their types: what a
/// ``CommandSpec``'s `build` turns into a ``Command``, whichever form the line had.
package struct Bindings: Sendable {
    /// One member's value.
    package enum Value: Sendable {
        case text(String)
        case duration(Duration)
        case path(StatePath)
        case comparison(Command.Condition.Operator)
        case condition(Command.Condition)
        case json(JSONValue)
        case arguments(Command.Arguments)
        case fields([Command.Field])
        case flag(Bool)
    }

    /// The first member given, held inline: most commands have one or none, and an array for it
    /// would be allocated and freed on every line.
    private var first: (name: String, value: Value)?
    /// The members given after the first, in order.
    private var others: [(name: String, value: Value)] = []
    /// Whether the line was a JSON request, for errors worded for its form.
    package var isJSON: Bool

    package init(isJSON: Bool) {
        self.isJSON = isJSON
    }

    /// Whether `name` was given.
    package func has(_ name: String) -> Bool {
        value(name) != nil
    }

    package mutating func bind(_ name: String, _ value: Value) {
        if first == nil {
            first = (name, value)
        } else {
            others.append((name, value))
        }
    }

    /// How many members were given.
    package var count: Int { (first == nil ? 0 : 1) + others.count }

    private func value(_ name: String) -> Value? {
        if let first, first.name == name { return first.value }
        return others.first { $0.name == name }?.value
    }

    package func text(_ name: String) -> String? {
        if case .text(let text)? = value(name) { return text }
        return nil
    }

    package func duration(_ name: String) -> Duration? {
        if case .duration(let duration)? = value(name) { return duration }
        return nil
    }

    package func path(_ name: String) -> StatePath? {
        if case .path(let path)? = value(name) { return path }
        return nil
    }

    package func comparison(_ name: String) -> Command.Condition.Operator? {
        if case .comparison(let op)? = value(name) { return op }
        return nil
    }

    package func condition(_ name: String) -> Command.Condition? {
        if case .condition(let condition)? = value(name) { return condition }
        return nil
    }

    package func json(_ name: String) -> JSONValue? {
        if case .json(let json)? = value(name) { return json }
        return nil
    }

    package func arguments(_ name: String) -> Command.Arguments {
        if case .arguments(let arguments)? = value(name) { return arguments }
        return Command.Arguments()
    }

    package func flag(_ name: String) -> Bool? {
        if case .flag(let flag)? = value(name) { return flag }
        return nil
    }

    package func fields(_ name: String) -> [Command.Field]? {
        if case .fields(let fields)? = value(name) { return fields }
        return nil
    }

    /// The text of a member the parsers guarantee (it is declared required).
    package func required(_ name: String) throws(ReplError) -> String {
        guard let text = text(name) else { throw ReplError(.missingMember(name)) }
        return text
    }

    /// The duration of a member the parsers guarantee.
    package func requiredDuration(_ name: String) throws(ReplError) -> Duration {
        guard let duration = duration(name) else { throw ReplError(.missingMember(name)) }
        return duration
    }
}
