/// Parses the JSON form of a request: `{"id":7,"cmd":"event","name":"select","args":{"id":3}}`.
///
/// A command takes the members its ``CommandSpec`` declares, besides `id` (any JSON value, echoed
/// on every line the request causes) and `cmd`. Errors inside a member carry no column: a column
/// is a place in the line, and a member's text is not the line.
enum JSONRequestParser {
    static func parse(_ scanner: LineScanner) throws(ReplError) -> ParsedCommand {
        let request: JSONValue
        let repeated: String?
        do {
            (request, repeated) = try JSONParser.parseNotingRepeat(scanner.bytes)
        } catch {
            throw scanner.error(.invalidJSON(reason: error.reason), at: error.offset)
        }
        guard case .object = request else { throw ReplError(.requestNotObject, column: 1) }
        if let repeated {
            var refused = ReplError(.duplicateMember(repeated))
            refused.id = repeated == "id" ? nil : request["id"]
            throw refused
        }
        return try parse(request: request)
    }

    /// Parses a request already read as JSON (an MCP tool call's arguments with its `cmd`).
    static func parse(request: JSONValue) throws(ReplError) -> ParsedCommand {
        guard case .object(let members) = request else { throw ReplError(.requestNotObject) }
        let id = request["id"]
        do {
            return try parse(request, members: members, id: id)
        } catch {
            // Refused, it is still the request's reply: a driver matches it by its id.
            var refused = error
            refused.id = id
            throw refused
        }
    }

    private static func parse(_ request: JSONValue, members: [(key: String, value: JSONValue)], id: JSONValue?) throws(ReplError) -> ParsedCommand {
        guard let cmd = request["cmd"] else { throw ReplError(.requestWithoutCmd) }
        guard let name = cmd.stringValue else { throw ReplError(.memberType(member: "cmd", expected: "a string", found: cmd.kind)) }
        let spec = CommandTable.spec(name)
        let allowed = spec?.members.map(\.name) ?? []
        if let unknown = members.first(where: { $0.key != "id" && $0.key != "cmd" && !allowed.contains($0.key) }), let spec {
            throw ReplError(.unknownMember(unknown.key, command: spec.name, allowed: allowed))
        }
        guard let spec else { throw ReplError(.noCommand(named: name)) }
        var members = CommandMembers(isJSON: true)
        for member in spec.members {
            guard let value = request[member.name], value != .null || member.type == .json else {
                if member.isRequired { throw ReplError(.missingMember(member.name)) }
                continue
            }
            if let bound = try MemberConversion.value(value, as: member, command: spec) { members.add(member.key, bound) }
        }
        return ParsedCommand(command: try spec.build(members), spec: spec, id: id)
    }
}
