/// Parses the JSON form of a request: `{"id":7,"cmd":"event","name":"select","args":{"id":3}}`.
///
/// Each command takes the members its human form takes as arguments; `id` is any JSON value and is
/// echoed on every line the request causes.
enum JSONRequestParser {
    static func parse(_ scanner: LineScanner) throws(ReplError) -> CommandParser.Parsed {
        let request: JSONValue
        do {
            request = try JSONParser.parse(String(decoding: scanner.bytes, as: UTF8.self))
        } catch {
            throw scanner.error(.invalidJSON, Messages.invalidJSON(error.reason), at: error.offset)
        }
        guard case .object(let members) = request else { throw ReplError(.invalidJSON, Messages.requestNotObject, column: 1) }
        let id = request["id"]
        guard let cmd = request["cmd"] else { throw ReplError(.badArguments, Messages.requestWithoutCmd) }
        guard let name = cmd.stringValue else { throw ReplError(.badArguments, Messages.memberType("cmd", "string", cmd.kind)) }
        let allowed = allowedMembers[name] ?? []
        if let unknown = members.first(where: { $0.key != "id" && $0.key != "cmd" && !allowed.contains($0.key) }) {
            guard allowedMembers[name] != nil else { throw ReplError(.unknownCommand, Messages.unknownCommand(name)) }
            throw ReplError(.badArguments, Messages.unknownMember(unknown.key, command: name, allowed: allowed))
        }
        return CommandParser.Parsed(command: try command(name, request), id: id)
    }

    /// The members each command accepts besides `id` and `cmd`.
    static let allowedMembers: [String: [String]] = [
        "screens": [], "describe": [], "state": [], "load": [], "reload": [], "retry": [], "cancel": [],
        "real": [], "quit": [], "exit": [],
        "use": ["screen"], "help": ["topic"], "event": ["name", "args"], "mock": ["state", "set"],
        "set": ["clock", "output"], "record": ["path"],
        "wait": ["until", "timeout"], "expect": ["path", "op", "value"], "advance": ["duration"], "sleep": ["duration"],
    ]

    private static func command(_ name: String, _ request: JSONValue) throws(ReplError) -> Command {
        switch name {
        case "screens": return .screens
        case "describe": return .describe
        case "state": return .state
        case "load": return .load
        case "reload": return .reload
        case "retry": return .retry
        case "cancel": return .cancel
        case "real": return .real
        case "quit", "exit": return .quit
        case "use": return .use(screen: try string("screen", in: request))
        case "record":
            let path = try string("path", in: request)
            return path == "stop" ? .recordStop : .record(path: path)
        case "set":
            guard case .object(let members) = request, let member = members.first(where: { $0.key != "id" && $0.key != "cmd" }) else {
                throw ReplError(.badArguments, Messages.usage("set"))
            }
            return .set(try CommandParser.setting(member.key, member.value, column: nil))
        case "help": return .help(topic: try optionalString("topic", in: request))
        case "event":
            var arguments = Command.Arguments()
            switch request["args"] {
            case nil, .null?: break
            case .object(let members)?: arguments.named = members.map { Command.Field(key: $0.key, value: $0.value) }
            case let other?: throw ReplError(.badArguments, Messages.memberType("args", "object", other.kind))
            }
            return .event(name: try string("name", in: request), arguments: arguments)
        case "mock":
            switch (request["state"], request["set"]) {
            case (let state?, nil): return .mockState(state)
            case (nil, .object(let members)?) where !members.isEmpty:
                return .mockFields(members.map { Command.Field(key: $0.key, value: $0.value) })
            default: throw ReplError(.badArguments, Messages.mockRequest)
            }
        case "wait":
            var condition: Command.Condition?
            if let until = try optionalString("until", in: request) {
                condition = try conditionFrom(until)
            }
            return .wait(until: condition, timeout: try optionalDuration("timeout", in: request))
        case "expect":
            let pathText = try string("path", in: request)
            guard let path = StatePath(pathText) else { throw ReplError(.badArguments, Messages.badPath(pathText)) }
            let opText = try optionalString("op", in: request) ?? "=="
            guard let op = Command.Condition.Operator(rawValue: opText) else { throw ReplError(.badArguments, Messages.expectedOperator) }
            if op != .exists, request["value"] == nil { throw ReplError(.badArguments, Messages.missingMember("value")) }
            return .expect(Command.Condition(path: path, op: op, value: op == .exists ? nil : request["value"]))
        case "advance", "sleep":
            guard let duration = try optionalDuration("duration", in: request) else { throw ReplError(.badArguments, Messages.missingMember("duration")) }
            return name == "advance" ? .advance(duration) : .sleep(duration)
        default:
            throw ReplError(.unknownCommand, Messages.unknownCommand(name))
        }
    }

    private static func conditionFrom(_ text: String) throws(ReplError) -> Command.Condition {
        guard let parsed = try CommandParser.parse("expect " + text), case .expect(let condition) = parsed.command else {
            throw ReplError(.badArguments, Messages.expectedPath)
        }
        return condition
    }

    private static func string(_ key: String, in request: JSONValue) throws(ReplError) -> String {
        guard let value = try optionalString(key, in: request) else { throw ReplError(.badArguments, Messages.missingMember(key)) }
        return value
    }

    private static func optionalString(_ key: String, in request: JSONValue) throws(ReplError) -> String? {
        switch request[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        case let other?: throw ReplError(.badArguments, Messages.memberType(key, "string", other.kind))
        }
    }

    private static func optionalDuration(_ key: String, in request: JSONValue) throws(ReplError) -> Duration? {
        switch request[key] {
        case nil, .null?: return nil
        case .string(let text)?:
            guard let duration = DurationText.parse(text) else { throw ReplError(.badArguments, Messages.badDuration(text)) }
            return duration
        case .int(let seconds)? where seconds >= 0 && seconds < 1_000_000_000: return .seconds(seconds)
        case .double(let seconds)? where seconds >= 0 && seconds < 1e9: return .nanoseconds(Int64(seconds * 1e9))
        case let other?: throw ReplError(.badArguments, Messages.memberType(key, "duration such as \"2s\"", other.kind))
        }
    }
}
