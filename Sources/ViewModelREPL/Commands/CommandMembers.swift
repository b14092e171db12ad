/// A command's members as read from a line, checked and converted to their types: what a
/// ``ReplCommand`` is built from, whichever form the line had, and what it is written back as.
package struct CommandMembers: Sendable {
    /// One member's value.
    package enum MemberValue: Sendable {
        case text(String)
        case duration(Duration)
        case path(StatePath)
        case comparison(StateCondition.Operator)
        case condition(StateCondition)
        case json(JSONValue)
        case arguments(EventArguments)
        case fields([NamedValue])
        case flag(Bool)
    }

    /// The first member given, held inline: most commands have one or none, and an array for it
    /// would be allocated and freed on every line.
    private var first: (key: MemberKey, value: MemberValue)?
    /// The members given after the first, in order.
    private var others: [(key: MemberKey, value: MemberValue)] = []
    /// Whether the line was a JSON request, for errors worded for its form.
    package var isJSON: Bool

    package init(isJSON: Bool) {
        self.isJSON = isJSON
    }

    /// The members `PATH OP VALUE` of a condition, written back.
    init(_ condition: StateCondition) {
        self.init((.path, .path(condition.path)), (.op, .comparison(condition.op)), (.value, condition.value.map(MemberValue.json)))
    }

    /// The members of a command written back (its ``ReplCommand/members``).
    init(_ members: (MemberKey, MemberValue?)...) {
        isJSON = false
        for (key, value) in members {
            if let value { add(key, value) }
        }
    }

    /// Whether `key` was given.
    package func has(_ key: MemberKey) -> Bool {
        value(key) != nil
    }

    package mutating func add(_ key: MemberKey, _ value: MemberValue) {
        if first == nil {
            first = (key, value)
        } else {
            others.append((key, value))
        }
    }

    /// How many members were given.
    package var count: Int { (first == nil ? 0 : 1) + others.count }

    /// The value bound to `key`, of whatever type.
    func value(_ key: MemberKey) -> MemberValue? {
        if let first, first.key == key { return first.value }
        return others.first { $0.key == key }?.value
    }

    package func text(_ key: MemberKey) -> String? {
        if case .text(let text)? = value(key) { return text }
        return nil
    }

    package func duration(_ key: MemberKey) -> Duration? {
        if case .duration(let duration)? = value(key) { return duration }
        return nil
    }

    package func path(_ key: MemberKey) -> StatePath? {
        if case .path(let path)? = value(key) { return path }
        return nil
    }

    package func comparison(_ key: MemberKey) -> StateCondition.Operator? {
        if case .comparison(let op)? = value(key) { return op }
        return nil
    }

    package func condition(_ key: MemberKey) -> StateCondition? {
        if case .condition(let condition)? = value(key) { return condition }
        return nil
    }

    package func json(_ key: MemberKey) -> JSONValue? {
        if case .json(let json)? = value(key) { return json }
        return nil
    }

    package func arguments(_ key: MemberKey) -> EventArguments {
        if case .arguments(let arguments)? = value(key) { return arguments }
        return EventArguments()
    }

    package func flag(_ key: MemberKey) -> Bool? {
        if case .flag(let flag)? = value(key) { return flag }
        return nil
    }

    package func fields(_ key: MemberKey) -> [NamedValue]? {
        if case .fields(let fields)? = value(key) { return fields }
        return nil
    }

    /// The text of a member the parsers guarantee (it is declared required).
    package func required(_ key: MemberKey) throws(ReplError) -> String {
        guard let text = text(key) else { throw ReplError(.missingMember(key.name)) }
        return text
    }

    /// The duration of a member the parsers guarantee.
    package func requiredDuration(_ key: MemberKey) throws(ReplError) -> Duration {
        guard let duration = duration(key) else { throw ReplError(.missingMember(key.name)) }
        return duration
    }

    /// The condition `PATH OP VALUE` of a command in the condition form (`expect`, `invariant`);
    /// OP is `==` when left out, and VALUE is required unless OP is `exists`.
    package func stateCondition() throws(ReplError) -> StateCondition {
        guard let path = path(.path) else { throw ReplError(.missingMember(MemberKey.path.name)) }
        let op = comparison(.op) ?? .equals
        let value = json(.value)
        if op != .exists, value == nil { throw ReplError(.missingMember(MemberKey.value.name)) }
        return StateCondition(path: path, op: op, value: op == .exists ? nil : value)
    }
}
