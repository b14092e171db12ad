import Foundation

/// Every sentence vmrepl says to people, in one place, so errors, help and the manual agree.
package enum Messages {
    // MARK: Parsing

    static let emptyKey = "an argument needs a name before '='"
    static func missingValue(key: String) -> String { "'\(key)=' needs a value" }
    static let expectedValue = "expected a value"
    static let expectedBlankAfterValue = "expected a blank after the value"
    static let unterminatedQuote = "unterminated quoted string"
    static func invalidJSON(_ reason: String) -> String { "invalid JSON: \(reason)" }
    static func usage(_ command: String) -> String {
        "usage: \(CommandCatalog.entry(command)?.usage ?? command)"
    }
    static func badDuration(_ text: String) -> String { "'\(text)' is not a duration; write it like 2s, 500ms or 1.5s" }
    static func unexpectedArgument(command: String) -> String { "unexpected argument; \(usage(command))" }
    static func duplicateArgument(_ key: String) -> String { "'\(key)' is given twice" }
    static func mockPositional(_ value: String) -> String { "mock takes state=JSON or FIELD=VALUE, not \(value)" }
    static let expectedPath = "expected a state path such as text or users.value[0].name"
    static func badPath(_ text: String) -> String { "'\(text)' is not a state path such as text or users.value[0].name" }
    static let expectedOperator = "expected ==, !=, contains or exists"
    static func unknownCommand(_ name: String) -> String {
        "unknown command '\(name)'\(suggestion(name, among: CommandCatalog.names)); try help"
    }

    // MARK: JSON requests

    static let requestNotObject = "a JSON request is an object such as {\"id\":1,\"cmd\":\"state\"}"
    static let requestWithoutCmd = "a JSON request needs \"cmd\""
    static func memberType(_ key: String, _ expected: String, _ found: String) -> String { "\"\(key)\" must be a \(expected), not \(found)" }
    static func missingMember(_ key: String) -> String { "the request needs \"\(key)\"" }
    static func unknownMember(_ key: String, command: String, allowed: [String]) -> String {
        let takes = allowed.isEmpty ? "takes nothing besides id and cmd" : "takes " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
        return "\"\(key)\" is not a member of \(command); \(command) \(takes)"
    }
    static let mockRequest = "mock takes \"state\" (a whole state) or \"set\" (an object of fields to change)"

    // MARK: Input

    static let invalidUTF8 = "the line is not valid UTF-8"
    static func controlCharacter(_ byte: UInt8) -> String { "the line holds a control character (0x\(String(byte, radix: 16, uppercase: true))); escape it inside a JSON string" }
    static func lineTooLong(_ limit: Int) -> String { "the line is longer than \(limit) bytes and was skipped" }

    // MARK: Screens

    static func unknownScreen(_ name: String, known: [String]) -> String {
        "no screen named '\(name)'\(suggestion(name, among: known)); screens: \(known.joined(separator: ", "))"
    }
    static func noScreen(known: [String]) -> String { "no screen in use; try use \(known.first ?? "SCREEN")" }
    static func unknownEvent(_ name: String, screen: String, known: [String]) -> String {
        "\(screen) has no event '\(name)'\(suggestion(name, among: known)); events: \(known.joined(separator: ", "))"
    }
    static func unknownEventArgument(_ key: String, event: String, expected: String) -> String {
        "\(event) has no argument '\(key)'; it takes \(expected)"
    }
    static func missingEventArgument(_ key: String, event: String, expected: String) -> String {
        "\(event) needs '\(key)'; it takes \(expected)"
    }
    static func tooManyPositional(event: String, expected: String) -> String { "too many values for \(event); it takes \(expected)" }
    static func eventArguments(_ arguments: [(name: String, type: String)]) -> String {
        arguments.isEmpty ? "no arguments" : arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ")
    }
    static func eventDoesNotDecode(_ event: String, expected: String, reason: String) -> String {
        "\(event) did not accept its arguments (\(reason)); it takes \(expected)"
    }
    static func stateDoesNotDecode(_ screen: String, reason: String) -> String { "that is not a \(screen) state: \(reason); nothing changed" }
    static func unknownStateField(_ key: String, screen: String, known: [String]) -> String {
        "\(screen)'s state has no field '\(key)'\(suggestion(key, among: known)); fields: \(known.joined(separator: ", "))"
    }
    static func notLoadable(_ screen: String) -> String { "\(screen) does not load anything" }
    static func nothingToRetry(_ screen: String) -> String { "\(screen) has not loaded anything yet; try load" }
    static func stateDoesNotEncode(_ reason: String) -> String { "the state could not be written as JSON: \(reason)" }

    // MARK: Waiting and checking

    static func timedOut(_ seconds: Double, condition: String?) -> String {
        if let condition { return "\(condition) did not hold within \(seconds)s" }
        return "a load was still in flight after \(seconds)s"
    }
    static func neverHolds(_ condition: String) -> String { "\(condition) does not hold and nothing is in flight that could change it" }
    static func expectationFailed(_ condition: String, actual: String) -> String { "expected \(condition), but it is \(actual)" }
    static func unknownHelpTopic(_ topic: String) -> String {
        "no command '\(topic)'\(suggestion(topic, among: CommandCatalog.names))"
    }

    // MARK: Suggestions

    /// " (did you mean 'x'?)" for the closest of `candidates` within a small edit distance, or "".
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        guard let best = Suggestions.closest(to: word, among: candidates) else { return "" }
        return " (did you mean '\(best)'?)"
    }
}

extension Messages {
    static func badSetting(_ key: String, _ value: String, allowed: [String]) -> String {
        "\(key) takes \(allowed.joined(separator: " or ")), not \(value)"
    }
    static func unknownSetting(_ key: String) -> String { "no setting '\(key)'; settings: clock, output" }
    static let outputNeedsTerminal = "output= changes how a terminal shows lines; piped output is always compact"
    static let clockAfterUse = "set clock before the first use: screens already open keep the clock they were made with"
    static func cannotRecord(_ path: String, _ reason: String) -> String { "cannot record to \(path): \(reason)" }
    static let notRecording = "nothing is being recorded; record FILE starts"
    static let alreadyRecording = "already recording; record stop first"
    static func previewDoesNotLoad(_ screen: String) -> String { "\(screen) is showing its preview, which does not load; try real first" }
    static let advanceNeedsVirtualTime = "the session runs on real time; advance needs virtual time (--clock=virtual)"
}

extension Messages {
    static let usageLine = """
        usage: vmrepl [OPTIONS]
               vmrepl run [OPTIONS] [--keep-going] [--pace=DURATION] FILE...
               vmrepl test [OPTIONS] [--update] FILE...
        """

    /// `vmrepl --help`: the options, then the commands from the one command table.
    /// - Parameter extraOptions: Options the executable adds, such as the example screens' `--posts-url`.
    static func commandLineHelp(extraOptions: [(usage: String, summary: String)]) -> String {
        let commands = HelpEntry.table(CommandCatalog.entries.map { ($0.usage, $0.summary) })
        let options = HelpEntry.table(OptionCatalog.entries.map { ($0.usage, $0.summary) } + extraOptions)
        return """
            vmrepl: drive view models from a terminal, a pipe or a script; every result is one JSON line.

            \(usageLine)

            vmrepl              reads commands from stdin (a terminal, or a pipe from another program)
            vmrepl run FILE...  runs scripts (- for stdin); stops at the first error or failed expect
            vmrepl test FILE... replays transcripts and shows how their output differs

            Options:
            \(options)

            Commands (one per line, or as JSON: {"id":1,"cmd":"event","name":"hello"}):
            \(commands)
            """
    }
}

extension Messages {
    static let noSuchFile = "no such file"
    static let isADirectory = "is a directory"
    static let unreadable = "cannot be read"
    static func scriptTooLarge(_ limit: Int) -> String { "larger than \(limit / (1 << 20)) MiB; not a script" }
    static func transcriptDiffers(_ path: String, _ line: Int, _ command: String) -> String { "\(path):\(line): output of '\(command)' differs" }
    static func transcriptSummary(passed: Int, failed: Int, updated: Bool) -> String {
        updated ? "vmrepl test: \(passed + failed) transcripts updated" : "vmrepl test: \(passed) passed, \(failed) failed"
    }
}
