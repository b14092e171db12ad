/// An error reply: a stable machine-readable code, a message for people, and where the line went wrong.
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
    }

    package var code: Code
    package var message: String
    /// The 1-based column (in characters) where the line went wrong, when it is known.
    package var column: Int?
    /// Extra fields for the error line, such as `expected` and `actual` of a failed expectation.
    package var details: [(key: String, value: JSONValue)] = []

    package init(_ code: Code, _ message: String, column: Int? = nil, details: [(key: String, value: JSONValue)] = []) {
        self.code = code
        self.message = message
        self.column = column
        self.details = details
    }

    package static func == (lhs: ReplError, rhs: ReplError) -> Bool {
        lhs.code == rhs.code && lhs.message == rhs.message && lhs.column == rhs.column
            && JSONValue.object(lhs.details) == JSONValue.object(rhs.details)
    }
}
