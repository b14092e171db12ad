/// An error reply: what went wrong, as facts, and where in the line it went wrong.
///
/// The facts are a ``Reason``; the stable machine-readable ``code`` and the human ``message`` are
/// derived from them (the words in ``Messages``), so a layer that adds context adds facts, and tests
/// assert on reasons rather than sentences.
package struct ReplError: Error, Equatable, Sendable {
    /// The stable codes a driver can rely on; the protocol document lists them.
    package enum Code: String, Sendable, CaseIterable {
        case syntax
        case invalidJSON = "invalid_json"
        case invalidUTF8 = "invalid_utf8"
        case controlCharacter = "control_character"
        case lineTooLong = "line_too_long"
        case unknownCommand = "unknown_command"
        case badArguments = "bad_arguments"
        case unknownScreen = "unknown_screen"
        case noScreen = "no_screen"
        case needsFactory = "needs_factory"
        case unknownEvent = "unknown_event"
        case badEventArguments = "bad_event_arguments"
        case badState = "bad_state"
        case unknownField = "unknown_field"
        case notLoadable = "not_loadable"
        case nothingToRetry = "nothing_to_retry"
        case notInPreview = "not_in_preview"
        case timeout
        case expectationFailed = "expectation_failed"
        case encodingFailed = "encoding_failed"
        case fileExists = "file_exists"
        case unknownDependency = "unknown_dependency"
        case badStub = "bad_stub"
        case invariantViolated = "invariant_violated"
        case actionFailed = "action_failed"
        case notWritable = "not_writable"
        case recordFailed = "record_failed"
        case pathNotAllowed = "path_not_allowed"
        case eventDisabled = "event_disabled"
        case nothingToUndo = "nothing_to_undo"
        case undoUnavailable = "undo_unavailable"
        case undoDiverged = "undo_diverged"
    }

    /// What went wrong, with the facts a message or a driver needs.
    package enum Reason: Equatable, Sendable {
        // MARK: The line itself
        case invalidUTF8
        case controlCharacter(UInt8)
        case lineTooLong(limit: Int)

        // MARK: The human form
        case emptyKey
        case missingValue(key: String)
        case expectedValue
        case expectedBlankAfterValue
        case unterminatedQuote
        case invalidJSON(reason: String)
        /// `known`: the command names there are.
        case unknownCommand(String, known: [String])
        /// `line`: the command's usage line, such as `wait [PATH OP VALUE] [timeout=DURATION]`.
        case usage(command: String, line: String)
        case unexpectedArgument(command: String, line: String)
        case unknownArgument(String, command: String, takes: [String])
        case duplicateArgument(String)
        case badDuration(String)
        case durationTooLong(String)
        case badChoice(member: String, value: JSONValue, allowed: [String])
        case expectedPath
        case badPath(String)
        case expectedOperator

        // MARK: The JSON form
        case requestNotObject
        case requestWithoutCmd
        case memberType(member: String, expected: String, found: String)
        case missingMember(String)
        case unknownMember(String, command: String, allowed: [String])
        /// A member named twice in one request: which one counts would be a guess.
        case duplicateMember(String)
        case mockNeedsStateOrSet

        // MARK: Screens and events
        case unknownScreen(String, known: [String])
        /// A generated screen whose class no `init()` makes and whose factory is not written: the declaration to write.
        case needsFactory(String, declaration: String)
        case noScreen(known: [String])
        case unknownEvent(String, screen: String, known: [String])
        case unknownEventArgument(String, event: String, takes: [EventArgument])
        case missingEventArgument(String, event: String, takes: [EventArgument])
        case tooManyValues(event: String, takes: [EventArgument])
        case eventDoesNotDecode(event: String, takes: [EventArgument], reason: String)
        case stateDoesNotDecode(screen: String, reason: String)
        /// A mocked state whose type writes it back differently: it would not show as given.
        case mockWouldChange(screen: String, paths: [String])
        case unknownStateField(String, screen: String, known: [String])
        case stateDoesNotEncode(reason: String)

        // MARK: Loading
        case notLoadable(screen: String)
        case nothingToRetry(screen: String)
        case previewDoesNotLoad(screen: String)

        // MARK: Hosted view models
        case actionFailed(action: String, screen: String, message: String)
        case notWritable(String, screen: String, writable: [String])
        case writeDoesNotDecode(field: String, type: String, reason: String)
        case writeInPreview(screen: String)

        // MARK: Time, checks and settings
        case timedOut(after: Duration, condition: String?, loading: [String])
        case neverHolds(condition: String)
        /// `differences`: where an `==` between containers went wrong, from the actual value to the expected one.
        case expectationFailed(StateCondition, actual: JSONValue?, differences: [JSONPatch.Difference]? = nil)
        case advanceNeedsVirtualTime
        case pastTheEndOfTime
        case clockAfterUse
        case outputNeedsTerminal
        case unknownHelpTopic(String, known: [String])
        /// A file to record to could not be opened or created; `reason` is the system's.
        case cannotRecord(path: String, reason: String)
        /// A name in a path to record to is longer than the file system allows.
        case nameTooLong(path: String)
        case fileExists(path: String)
        /// A path holding a newline or another control character.
        case pathHasControlCharacter(path: String)
        /// A FIFO, a device or a folder where a regular file is needed.
        case notARegularFile(path: String)
        /// A path out of the one folder files may be written in (`--files`, `--mcp`).
        case pathNotAllowed(path: String, folder: String)
        /// A recording ended because a line could not be written.
        case recordingFailed(path: String, commands: Int)
        case notWatched(String)
        case nothingAt(String, screen: String, known: [String])
        case unknownDependency(String, known: [String])
        case badStub(String, reason: String)
        case invariantViolated(StateCondition, invariant: String, actual: JSONValue?, cause: String)
        /// `event` where one of its preconditions does not hold: what the path holds there.
        case eventDisabled(String, precondition: StateCondition, actual: JSONValue?)
        /// `undo N` with fewer than N steps.
        case nothingToUndo(asked: Int, steps: Int)
        /// `undo` or `history` where no steps are kept (not a pipe session).
        case undoNotHere
        /// A replayed step did not do what it did the first time: its number, its line, and the first
        /// path of its state that differed, where the state the first time was kept.
        case undoDiverged(step: Int, command: String, line: Int, difference: String?)
        /// No worker could be started, or it ended before it had replayed.
        case undoFailed(reason: String)
        case notRecording
        case alreadyRecording
    }

    package var reason: Reason
    /// The 1-based column (in characters) where the line went wrong, when it is known.
    package var column: Int?
    /// The `id` of the JSON request the error refuses, once it was read: echoed like a reply's.
    package var id: JSONValue?

    package init(_ reason: Reason, column: Int? = nil) {
        self.reason = reason
        self.column = column
    }

    /// The message for people, worded in ``Messages``.
    package var message: String { Messages.text(for: reason) }

    /// The stable code a driver branches on.
    package var code: Code {
        switch reason {
        case .invalidUTF8: .invalidUTF8
        case .controlCharacter: .controlCharacter
        case .lineTooLong: .lineTooLong
        case .emptyKey, .missingValue, .expectedValue, .expectedBlankAfterValue, .unterminatedQuote: .syntax
        case .invalidJSON, .requestNotObject: .invalidJSON
        case .unknownCommand: .unknownCommand
        case .usage, .unexpectedArgument, .unknownArgument, .duplicateArgument, .badDuration, .durationTooLong, .badChoice,
            .expectedPath, .badPath, .expectedOperator, .requestWithoutCmd, .memberType, .missingMember, .unknownMember, .duplicateMember,
            .mockNeedsStateOrSet, .advanceNeedsVirtualTime, .pastTheEndOfTime, .clockAfterUse, .outputNeedsTerminal, .unknownHelpTopic,
            .cannotRecord, .nameTooLong, .notRecording, .alreadyRecording, .notWatched, .nothingAt, .pathHasControlCharacter, .notARegularFile:
            .badArguments
        case .unknownScreen: .unknownScreen
        case .needsFactory: .needsFactory
        case .noScreen: .noScreen
        case .unknownEvent: .unknownEvent
        case .unknownEventArgument, .missingEventArgument, .tooManyValues, .eventDoesNotDecode: .badEventArguments
        case .stateDoesNotDecode, .mockWouldChange: .badState
        case .unknownStateField: .unknownField
        case .stateDoesNotEncode: .encodingFailed
        case .notLoadable: .notLoadable
        case .nothingToRetry: .nothingToRetry
        case .previewDoesNotLoad: .notInPreview
        case .timedOut, .neverHolds: .timeout
        case .expectationFailed: .expectationFailed
        case .fileExists: .fileExists
        case .recordingFailed: .recordFailed
        case .pathNotAllowed: .pathNotAllowed
        case .unknownDependency: .unknownDependency
        case .badStub: .badStub
        case .invariantViolated: .invariantViolated
        case .eventDisabled: .eventDisabled
        case .nothingToUndo: .nothingToUndo
        case .undoNotHere, .undoFailed: .undoUnavailable
        case .undoDiverged: .undoDiverged
        case .actionFailed: .actionFailed
        case .notWritable, .writeInPreview: .notWritable
        case .writeDoesNotDecode: .badArguments
        }
    }

    /// The same error, placed at `column` unless it already has a place.
    func placed(at column: Int?) -> ReplError {
        ReplError(reason, column: self.column ?? column)
    }
}
