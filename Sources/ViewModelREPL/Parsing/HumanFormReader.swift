/// Reads a command's members from the human form of a line, as its ``CommandSpec`` declares them.
///
/// Positional members come first, in order; then `name=value` members, keyword members
/// (`until PATH OP VALUE`) and whatever a rest member takes (`ARG=VALUE`, `FIELD=VALUE`), in any order.
enum HumanFormReader {
    typealias Member = CommandSpec.Member

    static func read(_ spec: CommandSpec, _ scanner: inout LineScanner) throws(ReplError) -> CommandMembers {
        var members = CommandMembers(isJSON: false)
        if spec.humanForm == .condition {
            // A flag alone (`invariant clear`) stands instead of the condition.
            if let word = scanner.peekWord(), let flag = spec.members.first(where: { $0.form == .keyword && $0.type == .flag && $0.name == word }) {
                _ = scanner.word()
                members.add(flag.key, .flag(true))
                try end(spec, &scanner)
                return members
            }
            let condition = try scanner.condition()
            members.add(.path, .path(condition.path))
            members.add(.op, .comparison(condition.op))
            if let value = condition.value { members.add(.value, .json(value)) }
            while let word = scanner.peekWord(), let keyword = spec.members.first(where: { $0.form == .keyword && $0.type != .flag && $0.name == word }) {
                guard !members.has(keyword.key) else { throw scanner.error(.duplicateArgument(keyword.name)) }
                _ = scanner.word()
                members.add(keyword.key, try value(of: keyword.type, spec, &scanner))
            }
            try end(spec, &scanner)
            return members
        }
        var positional = spec.positionalMembers[...]
        let rest = spec.restMember
        var restArguments = EventArguments()
        // Where a value stood that a rest member does not take; reported once every argument is read.
        var strayValue: Int?
        while true {
            scanner.skipBlanks()
            guard !scanner.isAtEnd else { break }
            let start = scanner.index
            if spec.hasKeywordMembers, let word = scanner.peekWord(), let keyword = spec.members.first(where: { $0.form == .keyword && $0.name == word }) {
                guard !members.has(keyword.key) else { throw scanner.error(.duplicateArgument(keyword.name), at: start) }
                _ = scanner.word()
                members.add(keyword.key, keyword.type == .flag ? .flag(true) : try value(of: keyword.type, spec, &scanner))
                continue
            }
            if let member = positional.popFirst() {
                members.add(member.key, try value(of: member.type, spec, &scanner))
                continue
            }
            guard let argument = try scanner.argument() else { break }
            // Where the argument starts, in characters: worked out only for an error.
            func column() -> Int { scanner.column(at: argument.start) }
            if let key = argument.key {
                if let member = spec.members.first(where: { $0.form == .named && $0.name == key }) {
                    guard !members.has(member.key) else { throw ReplError(.duplicateArgument(key), column: column()) }
                    do {
                        if let bound = try MemberConversion.value(argument.value, as: member, command: spec) { members.add(member.key, bound) }
                    } catch {
                        throw error.placed(at: column())
                    }
                } else if rest != nil {
                    guard !restArguments.named.contains(where: { $0.key == key }) else {
                        throw ReplError(.duplicateArgument(key), column: column())
                    }
                    restArguments.named.append(.init(key: key, value: argument.value))
                } else {
                    let takes = spec.members.filter { $0.form == .named }.map(\.name)
                    throw ReplError(.unknownArgument(key, command: spec.name, takes: takes), column: column())
                }
            } else if rest?.type == .eventArguments {
                restArguments.positional.append(argument.value)
            } else if rest != nil {
                strayValue = strayValue ?? column()
            } else {
                throw ReplError(.unexpectedArgument(to: spec), column: column())
            }
        }
        if let strayValue { throw ReplError(.unexpectedArgument(to: spec), column: strayValue) }
        if positional.contains(where: \.isRequired) { throw scanner.error(.usage(of: spec)) }
        if let rest, !restArguments.named.isEmpty || !restArguments.positional.isEmpty {
            members.add(rest.key, rest.type == .fields ? .fields(restArguments.named) : .arguments(restArguments))
        }
        return members
    }

    /// Reads a positional or keyword member's value.
    private static func value(of type: CommandSpec.MemberType, _ spec: CommandSpec, _ scanner: inout LineScanner) throws(ReplError)
        -> CommandMembers.MemberValue
    {
        scanner.skipBlanks()
        let start = scanner.index
        switch type {
        case .condition:
            return .condition(try scanner.condition())
        case .json, .eventArguments, .fields:
            return .json(try scanner.value())
        default:
            guard let word = scanner.word() else { throw scanner.error(.expectedValue) }
            do {
                return try MemberConversion.value(word: word, as: type, command: spec)
            } catch {
                throw error.placed(at: scanner.column(at: start))
            }
        }
    }

    /// Fails when anything but blanks is left.
    private static func end(_ spec: CommandSpec, _ scanner: inout LineScanner) throws(ReplError) {
        scanner.skipBlanks()
        guard scanner.isAtEnd else { throw scanner.error(.unexpectedArgument(to: spec)) }
    }
}
