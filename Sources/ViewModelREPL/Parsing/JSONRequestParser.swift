/// Parses the JSON form of a request: `{"id":7,"cmd":"event","name":"select","args":{"id":3}}`.
///
/// A command takes the members its ``CommandSpec`` declares, besides `id` (any JSON value, echoed
/// on every line the request causes) and `cmd`. Errors inside a member carry no column: a column
/// is a place in the line, and a member's text is not the line.
enum JSONRequestParser {
    static func parse(_ scanner: LineScanner) throws(ReplError) -> CommandParser.Parsed {
        let request: JSONValue
        do {
            request = try JSONParser.parse(String(decoding: scanner.bytes, as: UTF8.self))
        } catch {
            throw scanner.error(.invalidJSON(reason: error.reason), at: error.offset)
        }
        guard case .object(let members) = request else { throw ReplError(.requestNotObject, column: 1) }
        let id = request["id"]
        guard let cmd = request["cmd"] else { throw ReplError(.requestWithoutCmd) }
        guard let name = cmd.stringValue else { throw ReplError(.memberType(member: "cmd", expected: "a string", found: cmd.kind)) }
        let spec = CommandTable.spec(name)
        let allowed = spec?.members.map(\.name) ?? []
        if let unknown = members.first(where: { $0.key != "id" && $0.key != "cmd" && !allowed.contains($0.key) }), let spec {
            throw ReplError(.unknownMember(unknown.key, command: spec.name, allowed: allowed))
        }
        guard let spec else { throw ReplError(.unknownCommand(name)) }
        var bindings = Bindings(isJSON: true)
        for member in spec.members {
            guard let value = request[member.name], value != .null || member.type == .json else {
                if member.isRequired { throw ReplError(.missingMember(member.name)) }
                continue
            }
            if let bound = try bind(value, as: member, of: spec) { bindings.bind(member.name, bound) }
        }
        return CommandParser.Parsed(command: try spec.build(bindings), spec: spec, id: id)
    }

    /// A member's JSON value as its type; `nil` for an empty object where one is optional.
    private static func bind(_ value: JSONValue, as member: CommandSpec.Member, of spec: CommandSpec) throws(ReplError) -> Bindings.Value? {
        let wrongType = ReplError(.memberType(member: member.name, expected: member.type.jsonDescription, found: value.kind))
        switch member.type {
        case .json:
            return .json(value)
        case .eventArguments, .fields:
            guard case .object(let members) = value else { throw wrongType }
            guard !members.isEmpty || member.type == .eventArguments else { return nil }
            let fields = members.map { Command.Field(key: $0.key, value: $0.value) }
            return member.type == .fields ? .fields(fields) : .arguments(Command.Arguments(named: fields))
        case .choice(let allowed):
            guard let text = value.stringValue, allowed.contains(text) else {
                throw ReplError(.badChoice(member: member.name, value: value, allowed: allowed))
            }
            return .text(text)
        case .duration:
            if let text = value.stringValue { return .duration(try DurationText.read(text)) }
            guard let duration = DurationText.seconds(value) else { throw wrongType }
            return .duration(duration)
        case .text, .screen, .command, .event, .path, .comparison, .condition:
            guard let text = value.stringValue else { throw wrongType }
            switch member.type {
            case .path:
                guard let path = StatePath(text) else { throw ReplError(.badPath(text)) }
                return .path(path)
            case .comparison:
                guard let op = Command.Condition.Operator(rawValue: text) else { throw ReplError(.expectedOperator) }
                return .comparison(op)
            case .condition:
                var scanner = LineScanner(text)
                do throws(ReplError) {
                    let condition = try scanner.condition()
                    scanner.skipBlanks()
                    guard scanner.isAtEnd else { throw ReplError(.unexpectedArgument(command: spec.name)) }
                    return .condition(condition)
                } catch {
                    throw ReplError(error.reason)
                }
            default:
                return .text(text)
            }
        }
    }
}
