/// Converts a member's value, as the human form or a JSON request gives it, to its declared type;
/// both forms convert here, so they accept and refuse the same values.
enum MemberConversion {
    typealias Member = CommandSpec.Member

    /// A word of the line, or the text of a JSON string, as a member of `type`.
    static func value(word: String, as type: CommandSpec.MemberType, command: CommandSpec) throws(ReplError) -> CommandMembers.MemberValue {
        switch type {
        case .duration:
            return .duration(try DurationText.read(word))
        case .path:
            guard let path = StatePath(word) else { throw ReplError(.badPath(word)) }
            return .path(path)
        case .comparison:
            guard let op = StateCondition.Operator(rawValue: word) else { throw ReplError(.expectedOperator) }
            return .comparison(op)
        case .condition:
            do throws(ReplError) {
                return try LineScanner.scan(word) { scanner throws(ReplError) -> CommandMembers.MemberValue in
                    let condition = try scanner.condition()
                    scanner.skipBlanks()
                    guard scanner.isAtEnd else { throw ReplError(.unexpectedArgument(to: command)) }
                    return .condition(condition)
                }
            } catch {
                // A column in the text of a member is no place in the line.
                throw ReplError(error.reason)
            }
        default:
            return .text(word)
        }
    }

    /// A JSON value (a request's member, or the value of `name=value`) as `member`'s type; `nil`
    /// for an empty object where the member is optional.
    static func value(_ value: JSONValue, as member: Member, command: CommandSpec) throws(ReplError) -> CommandMembers.MemberValue? {
        let wrongType = ReplError(.memberType(member: member.name, expected: member.type.jsonDescription, found: value.kind))
        switch member.type {
        case .json:
            return .json(value)
        case .eventArguments, .fields:
            guard case .object(let members) = value else { throw wrongType }
            guard !members.isEmpty || member.type == .eventArguments else { return nil }
            let fields = members.map { NamedValue(key: $0.key, value: $0.value) }
            return member.type == .fields ? .fields(fields) : .arguments(EventArguments(named: fields))
        case .flag:
            switch value {
            case .bool(let flag): return .flag(flag)
            case .string("true"): return .flag(true)
            case .string("false"): return .flag(false)
            default: throw wrongType
            }
        case .choice(let allowed):
            guard let text = value.stringValue, allowed.contains(text) else {
                throw ReplError(.badChoice(member: member.name, value: value, allowed: allowed))
            }
            return .text(text)
        case .duration:
            if let text = value.stringValue { return .duration(try DurationText.read(text)) }
            guard let duration = try DurationText.seconds(value) else { throw wrongType }
            return .duration(duration)
        case .text, .screen, .command, .event, .dependency, .path, .comparison, .condition:
            guard let text = value.stringValue else { throw wrongType }
            return try self.value(word: text, as: member.type, command: command)
        }
    }
}
