/// Writes a ``ReplCommand`` back as its line: the parser's inverse, from the same declarations
/// (the command's ``ReplCommand/members`` give the values, its spec's member list says how each is
/// written), so parsing `CommandWriter.line(for: command)` gives `command` again.
///
/// The human form is written (`event select id=3`), as a person would type it; a command with a
/// value no word can carry (a path with a blank, an argument named like one of the command's own
/// members) is written in the JSON form instead. `explore` writes its steps with it, `record`
/// the JSON requests it saves.
package enum CommandWriter {
    /// The command with the table entry that builds it, ready to be handled without parsing, and
    /// the line it is written as: what handling a command given as a value needs, found once.
    package static func written(_ command: any ReplCommand) -> (parsed: ParsedCommand, line: String) {
        let parsed = ParsedCommand(command: command)
        let members = command.members
        return (parsed, humanForm(parsed.spec, members) ?? jsonForm(parsed.spec, members))
    }

    /// The line `command` is written as.
    package static func line(for command: any ReplCommand) -> String {
        written(command).line
    }

    // MARK: The human form

    private static func humanForm(_ spec: CommandSpec, _ members: CommandMembers) -> String? {
        var words = [spec.name]
        if spec.humanForm == .condition {
            if let flag = spec.members.first(where: { $0.form == .keyword && $0.type == .flag }), case .flag(true)? = members.value(flag.key) {
                return words.joined(separator: " ") + " " + flag.name
            }
            guard case .path(let path)? = members.value(.path), case .comparison(let op)? = members.value(.op) else { return nil }
            let value: JSONValue?
            if case .json(let json)? = members.value(.value) { value = json } else { value = nil }
            guard let condition = condition(StateCondition(path: path, op: op, value: value)) else { return nil }
            words.append(condition)
            for member in spec.members where member.form == .keyword && member.type != .flag {
                guard let bound = members.value(member.key) else { continue }
                guard let text = word(bound, spec) else { return nil }
                words += [member.name, text]
            }
            return words.joined(separator: " ")
        }
        for member in spec.members {
            guard let bound = members.value(member.key) else { continue }
            switch member.form {
            case .positional:
                guard let text = word(bound, spec) else { return nil }
                words.append(text)
            case .named:
                guard let text = namedValue(bound, member.type) else { return nil }
                words.append(member.name + "=" + text)
            case .keyword:
                if case .flag(let flag) = bound {
                    if flag { words.append(member.name) }
                } else {
                    guard let text = word(bound, spec) else { return nil }
                    words += [member.name, text]
                }
            case .rest:
                guard let rest = restWords(bound, spec) else { return nil }
                words += rest
            }
        }
        return words.joined(separator: " ")
    }

    /// A member's value as one word of the line; `nil` when no word carries it.
    private static func word(_ value: CommandMembers.MemberValue, _ spec: CommandSpec) -> String? {
        switch value {
        case .text(let text):
            guard isWord(text), !spec.members.contains(where: { $0.form == .keyword && $0.name == text }) else { return nil }
            return text
        case .duration(let duration): return DurationText.text(duration)
        case .path(let path): return isWord(path.description) ? path.description : nil
        case .comparison(let op): return op.rawValue
        case .condition(let condition): return self.condition(condition)
        case .json(let json): return JSONWriter.string(json)
        case .flag(let flag): return flag ? "true" : "false"
        case .arguments, .fields: return nil
        }
    }

    /// The value of `name=value`: one of a few words bare (`clock=real`), other text quoted.
    private static func namedValue(_ value: CommandMembers.MemberValue, _ type: CommandSpec.MemberType) -> String? {
        switch value {
        case .text(let text):
            if case .choice = type, isBareString(text) { return text }
            return JSONWriter.string(.string(text))
        case .duration(let duration): return DurationText.text(duration)
        case .json(let json): return JSONWriter.string(json)
        case .flag(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }

    /// A rest member's `KEY=VALUE` and positional values; `nil` when a key is no word or is one
    /// of the command's own named members.
    private static func restWords(_ value: CommandMembers.MemberValue, _ spec: CommandSpec) -> [String]? {
        let named: [NamedValue]
        let positional: [JSONValue]
        switch value {
        case .arguments(let arguments): (named, positional) = (arguments.named, arguments.positional)
        case .fields(let fields): (named, positional) = (fields, [])
        default: return nil
        }
        var words: [String] = []
        for field in named {
            guard isWord(field.key), !field.key.contains("="), !field.key.hasPrefix("\""), !field.key.hasPrefix("'"), !field.key.hasPrefix("{"),
                !field.key.hasPrefix("["),
                !spec.members.contains(where: { ($0.form == .named || $0.form == .keyword) && $0.name == field.key })
            else { return nil }
            words.append(field.key + "=" + JSONWriter.string(field.value))
        }
        return words + positional.map(JSONWriter.string)
    }

    /// `PATH OP VALUE`; `nil` when the path would not read back.
    private static func condition(_ condition: StateCondition) -> String? {
        let path = condition.path.description
        guard isWord(path), !path.contains("="), !path.contains("!") else { return nil }
        return condition.text
    }

    /// Whether `text` reads back as itself where the line expects a word.
    private static func isWord(_ text: String) -> Bool {
        !text.isEmpty && !text.utf8.contains { $0 <= 0x20 || $0 == 0x7F }
    }

    /// Whether `text` reads back as the string itself where the line expects a value.
    private static func isBareString(_ text: String) -> Bool {
        guard let first = text.utf8.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) || first == UInt8(ascii: "_") else {
            return false
        }
        guard !["true", "false", "null"].contains(text) else { return false }
        return text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    // MARK: The JSON form

    private static func jsonForm(_ spec: CommandSpec, _ members: CommandMembers) -> String {
        var request: [(key: String, value: JSONValue)] = [("cmd", .string(spec.name))]
        for member in spec.members {
            guard let bound = members.value(member.key) else { continue }
            request.append((member.name, json(bound)))
        }
        return JSONWriter.string(.object(request))
    }

    /// A member's value in a JSON request.
    private static func json(_ value: CommandMembers.MemberValue) -> JSONValue {
        switch value {
        case .text(let text): .string(text)
        case .duration(let duration): .string(DurationText.text(duration))
        case .path(let path): .string(path.description)
        case .comparison(let op): .string(op.rawValue)
        case .condition(let condition): .string(condition.text)
        case .json(let json): json
        case .arguments(let arguments): .object(arguments.named.map { ($0.key, $0.value) })
        case .fields(let fields): .object(fields.map { ($0.key, $0.value) })
        case .flag(let flag): .bool(flag)
        }
    }
}
