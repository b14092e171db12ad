/// Turns one input line into a ``Command``: the human form (`event select id=3`) or the JSON form
/// (`{"id":7,"cmd":"event","name":"select","args":{"id":3}}`).
package enum CommandParser {
    /// A parsed line: the command and, for the JSON form, the request's `id`.
    package struct Parsed: Equatable, Sendable {
        package var command: Command
        package var id: JSONValue?
    }

    /// Parses `line`; returns `nil` for a blank line or a comment.
    /// - Throws: A ``ReplError`` with the column where the line went wrong.
    package static func parse(_ line: String) throws(ReplError) -> Parsed? {
        var scanner = LineScanner(line)
        scanner.skipBlanks()
        guard !scanner.isAtEnd, scanner.bytes[scanner.index] != UInt8(ascii: "#") else { return nil }
        if scanner.bytes[scanner.index] == UInt8(ascii: "{") {
            return try JSONRequestParser.parse(scanner)
        }
        let nameColumn = scanner.column
        guard let name = scanner.word() else { return nil }
        let command = try parseCommand(name, column: nameColumn, &scanner)
        return Parsed(command: command, id: nil)
    }

    private static func parseCommand(_ name: String, column: Int, _ scanner: inout LineScanner) throws(ReplError) -> Command {
        switch name {
        case "screens": try end(&scanner, name); return .screens
        case "describe": try end(&scanner, name); return .describe
        case "state": try end(&scanner, name); return .state
        case "load": try end(&scanner, name); return .load
        case "reload": try end(&scanner, name); return .reload
        case "retry": try end(&scanner, name); return .retry
        case "cancel": try end(&scanner, name); return .cancel
        case "real": try end(&scanner, name); return .real
        case "quit", "exit": try end(&scanner, name); return .quit
        case "set":
            return .set(try parseSetting(&scanner))
        case "record":
            guard let path = scanner.word() else { throw scanner.error(.badArguments, Messages.usage("record")) }
            try end(&scanner, name)
            return path == "stop" ? .recordStop : .record(path: path)
        case "use":
            guard let screen = scanner.word() else { throw scanner.error(.badArguments, Messages.usage("use")) }
            try end(&scanner, name)
            return .use(screen: screen)
        case "help":
            let topic = scanner.word()
            try end(&scanner, name)
            return .help(topic: topic)
        case "event":
            guard let event = scanner.word() else { throw scanner.error(.badArguments, Messages.usage("event")) }
            return .event(name: event, arguments: try arguments(&scanner))
        case "mock":
            return try parseMock(&scanner)
        case "wait":
            return try parseWait(&scanner)
        case "expect":
            let condition = try parseCondition(&scanner)
            try end(&scanner, name)
            return .expect(condition)
        case "advance", "sleep":
            scanner.skipBlanks()
            let start = scanner.index
            guard let text = scanner.word() else { throw scanner.error(.badArguments, Messages.usage(name)) }
            guard let duration = DurationText.parse(text) else { throw scanner.error(.badArguments, Messages.badDuration(text), at: start) }
            try end(&scanner, name)
            return name == "advance" ? .advance(duration) : .sleep(duration)
        default:
            throw ReplError(.unknownCommand, Messages.unknownCommand(name), column: column)
        }
    }

    private static func end(_ scanner: inout LineScanner, _ command: String) throws(ReplError) {
        scanner.skipBlanks()
        guard scanner.isAtEnd else { throw scanner.error(.badArguments, Messages.unexpectedArgument(command: command)) }
    }

    private static func arguments(_ scanner: inout LineScanner) throws(ReplError) -> Command.Arguments {
        var arguments = Command.Arguments()
        while let argument = try scanner.argument() {
            if let key = argument.key {
                if arguments.named.contains(where: { $0.key == key }) {
                    throw ReplError(.badArguments, Messages.duplicateArgument(key), column: argument.column)
                }
                arguments.named.append(.init(key: key, value: argument.value))
            } else {
                arguments.positional.append(argument.value)
            }
        }
        return arguments
    }

    private static func parseMock(_ scanner: inout LineScanner) throws(ReplError) -> Command {
        scanner.skipBlanks()
        let start = scanner.column
        let arguments = try arguments(&scanner)
        if let value = arguments.positional.first {
            throw ReplError(.badArguments, Messages.mockPositional(JSONWriter.string(value)), column: start)
        }
        if arguments.named.count == 1, arguments.named[0].key == "state" {
            return .mockState(arguments.named[0].value)
        }
        guard !arguments.named.isEmpty else { throw ReplError(.badArguments, Messages.usage("mock"), column: start) }
        return .mockFields(arguments.named)
    }

    private static func parseSetting(_ scanner: inout LineScanner) throws(ReplError) -> Command.Setting {
        scanner.skipBlanks()
        let start = scanner.index
        guard let argument = try scanner.argument(), let key = argument.key else {
            throw scanner.error(.badArguments, Messages.usage("set"), at: start)
        }
        try end(&scanner, "set")
        return try setting(key, argument.value, column: argument.column)
    }

    /// A setting from its name and value, shared by the human and the JSON form.
    static func setting(_ key: String, _ value: JSONValue, column: Int?) throws(ReplError) -> Command.Setting {
        switch key {
        case "clock":
            guard let text = value.stringValue, let clock = ClockMode(rawValue: text) else {
                throw ReplError(.badArguments, Messages.badSetting(key, JSONWriter.string(value), allowed: ClockMode.allCases.map(\.rawValue)), column: column)
            }
            return .clock(clock)
        case "output":
            guard let text = value.stringValue, let style = JSONHighlighter.Style(rawValue: text) else {
                throw ReplError(.badArguments, Messages.badSetting(key, JSONWriter.string(value), allowed: JSONHighlighter.Style.allCases.map(\.rawValue)), column: column)
            }
            return .output(style)
        default:
            throw ReplError(.badArguments, Messages.unknownSetting(key), column: column)
        }
    }

    private static func parseWait(_ scanner: inout LineScanner) throws(ReplError) -> Command {
        var condition: Command.Condition?
        var timeout: Duration?
        while let word = scanner.peekWord() {
            scanner.skipBlanks()
            let start = scanner.index
            if word == "until", condition == nil {
                _ = scanner.word()
                condition = try parseCondition(&scanner)
            } else if word.hasPrefix("timeout="), timeout == nil {
                _ = scanner.word()
                let text = String(word.dropFirst("timeout=".count))
                guard let duration = DurationText.parse(text) else { throw scanner.error(.badArguments, Messages.badDuration(text), at: start) }
                timeout = duration
            } else {
                throw scanner.error(.badArguments, Messages.usage("wait"), at: start)
            }
        }
        return .wait(until: condition, timeout: timeout)
    }

    /// `PATH OP VALUE`, with or without blanks around the operator: `text == "hi"`, `phase=="loaded"`, `users exists`.
    private static func parseCondition(_ scanner: inout LineScanner) throws(ReplError) -> Command.Condition {
        scanner.skipBlanks()
        let start = scanner.index
        var end = start
        let bytes = scanner.bytes
        while end < bytes.count, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != UInt8(ascii: "="), bytes[end] != UInt8(ascii: "!") {
            end += 1
        }
        let pathText = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let path = StatePath(pathText) else {
            throw scanner.error(.badArguments, pathText.isEmpty ? Messages.expectedPath : Messages.badPath(pathText), at: start)
        }
        var rest = scanner
        rest.skip(to: end)
        rest.skipBlanks()
        let opStart = rest.index
        let op: Command.Condition.Operator
        if rest.consume("==") {
            op = .equals
        } else if rest.consume("!=") {
            op = .notEquals
        } else if rest.consumeWord("contains") {
            op = .contains
        } else if rest.consumeWord("exists") {
            op = .exists
        } else {
            throw rest.error(.badArguments, Messages.expectedOperator, at: opStart)
        }
        var value: JSONValue?
        if op != .exists {
            value = try rest.value()
        }
        scanner = rest
        return Command.Condition(path: path, op: op, value: value)
    }
}

extension LineScanner {
    mutating func skip(to offset: Int) {
        index = min(offset, bytes.count)
    }

    /// Consumes `text` when the line continues with it.
    mutating func consume(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
        index += expected.count
        return true
    }

    /// Consumes `word` when it is the whole next word.
    mutating func consumeWord(_ word: String) -> Bool {
        var copy = self
        guard copy.consume(word), copy.isAtEnd || copy.bytes[copy.index] == 0x20 || copy.bytes[copy.index] == 0x09 else { return false }
        self = copy
        return true
    }
}
