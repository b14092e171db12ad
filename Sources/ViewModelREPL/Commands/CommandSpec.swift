/// How a command is declared: its name, how it is written, what it does, and its members.
///
/// Each ``ReplCommand`` type declares its own. The human-form parser, the JSON request form,
/// `help`, completion, `--help`, the manual check and the MCP tool list all read these declarations.
///
/// A class, so a parsed line carries its spec by reference: the parsers look one up per line.
package final class CommandSpec: Sendable {
    /// The type the declaration is of: what the parsers build from the members they read.
    package let command: any ReplCommand.Type
    /// How the human form lays out the members.
    package enum HumanForm: Sendable {
        /// Positional members in order, then named (`key=value`), keyword (`until …`) and rest members in any order.
        case members
        /// `PATH OP VALUE`, filling the members `path`, `op` and `value` (the form of `expect`).
        case condition
    }

    package let name: String
    /// Other names the human and JSON forms accept (`exit` for `quit`).
    package let aliases: [String]
    package let usage: String
    package let summary: String
    package let members: [Member]
    /// The positional members, in order, kept apart for the human form's reader.
    let positionalMembers: [Member]
    /// The member that takes whatever arguments are left, if any.
    let restMember: Member?
    /// Whether any member is written after a keyword (`until`), so the reader looks for keywords at all.
    let hasKeywordMembers: Bool
    package let humanForm: HumanForm
    /// Whether it acts on the current screen, so it fails without one.
    package let needsScreen: Bool
    /// Whether it waits on the clock or on real time; a caller that cannot wait (the fuzzer) only parses it.
    package let takesTime: Bool
    /// How an agent meets it as an MCP tool; `nil` for commands that only make sense to a person
    /// or a script (`help`, `set`, `sleep`, `quit`).
    package let tool: Tool?
    /// Whether it leaves the session as it was (it asks, checks, lists or acts outside the session):
    /// it is no step of `history`, and `undo` does not replay it.
    package let leavesNoStep: Bool

    init(
        _ command: any ReplCommand.Type, name: String, aliases: [String] = [], usage: String, summary: String, members: [Member] = [],
        humanForm: HumanForm = .members, needsScreen: Bool = false, takesTime: Bool = false, leavesNoStep: Bool = false, tool: Tool?
    ) {
        self.command = command
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.members = members
        positionalMembers = members.filter { $0.form == .positional }
        hasKeywordMembers = members.contains { $0.form == .keyword }
        restMember = members.first { $0.form == .rest }
        self.humanForm = humanForm
        self.needsScreen = needsScreen
        self.takesTime = takesTime
        self.leavesNoStep = leavesNoStep
        self.tool = tool
    }

    /// Builds the command from the members a line gave.
    package func build(_ members: CommandMembers) throws(ReplError) -> any ReplCommand {
        try command.init(members)
    }

    /// The command's row in `help` and `--help`.
    package var helpEntry: HelpEntry { HelpEntry(name: name, usage: usage, summary: summary) }
}

extension CommandSpec {
    /// What an MCP tool says of itself besides the command's summary, written for a model.
    package struct Tool: Sendable {
        /// A short title for people choosing tools.
        package var title: String
        /// What a call returns.
        package var returns: String
        /// One call's arguments, as JSON.
        package var example: String

        package init(_ title: String, returns: String, example: String = "{}") {
            self.title = title
            self.returns = returns
            self.example = example
        }
    }

    /// One member of a command: a JSON request's member, and an argument of the human form.
    package struct Member: Sendable {
        /// How the member is written in the human form.
        package enum Form: Sendable {
            /// A bare value in its place: `use SCREEN`.
            case positional
            /// `name=value`.
            case named
            /// The member's name, then its value: `until PATH OP VALUE`; a `flag` is the name alone (`hang`).
            case keyword
            /// Whatever arguments are left: `event NAME ARG=VALUE…`, `mock FIELD=VALUE…`.
            case rest
        }

        package var key: MemberKey
        /// Its name in a JSON request and in `name=value`.
        package var name: String { key.name }
        package var type: MemberType
        package var form: Form
        package var isRequired: Bool
        /// Words completion offers besides those of the type (`stop` for `record`).
        package var suggestions: [String] = []

        package static func positional(_ key: MemberKey, _ type: MemberType, required: Bool = true, suggestions: [String] = []) -> Member {
            Member(key: key, type: type, form: .positional, isRequired: required, suggestions: suggestions)
        }

        package static func named(_ key: MemberKey, _ type: MemberType) -> Member {
            Member(key: key, type: type, form: .named, isRequired: false)
        }

        package static func keyword(_ key: MemberKey, _ type: MemberType) -> Member {
            Member(key: key, type: type, form: .keyword, isRequired: false)
        }

        package static func rest(_ key: MemberKey, _ type: MemberType) -> Member {
            Member(key: key, type: type, form: .rest, isRequired: false)
        }
    }

    /// What a member holds; it decides how the value is read, checked, completed and described.
    package enum MemberType: Sendable, Equatable {
        /// A word or string.
        case text
        /// A registered screen's name.
        case screen
        /// A command's name.
        case command
        /// One of the current screen's events.
        case event
        /// One of the current screen's dependencies.
        case dependency
        /// An event's arguments: `ARG=VALUE` or `VALUE` in the human form, an object in JSON.
        case eventArguments
        /// A duration: `2s`, `500ms`; in JSON also a number of seconds.
        case duration
        /// A state path such as `users.value[0].name`.
        case path
        /// A comparison: `==`, `!=`, `contains`, `exists`.
        case comparison
        /// `PATH OP VALUE`; a string in JSON.
        case condition
        /// Any JSON value.
        case json
        /// State fields to change: `FIELD=VALUE…`, an object in JSON.
        case fields
        /// One of a few words.
        case choice([String])
        /// `true` or `false`.
        case flag

        /// How a JSON request's member of this type is described in errors ("a string").
        var jsonDescription: String {
            switch self {
            case .text, .screen, .command, .event, .dependency, .path, .comparison, .condition: "a string"
            case .choice(let values): values.map { "\"\($0)\"" }.joined(separator: " or ")
            case .duration: "a duration such as \"2s\""
            case .eventArguments, .fields: "an object"
            case .json: "JSON"
            case .flag: "true or false"
            }
        }

        /// What a member of this type holds, for a tool's JSON Schema (read by models).
        var schemaDescription: String {
            switch self {
            case .text: "text"
            case .screen: "a registered screen's name"
            case .command: "a command's name"
            case .event: "one of the current screen's events"
            case .dependency: "one of the current screen's dependencies (describe lists them)"
            case .eventArguments: "the event's arguments by name, such as {\"id\":3}"
            case .duration: "a duration such as \"2s\" or \"500ms\", or a number of seconds"
            case .path: "a state path such as message or users.value[0].name; @events, @model and @calls.NAME too"
            case .comparison: "how the value at path compares: ==, !=, contains, exists, or <, <=, >, >= on numbers and dates"
            case .condition: "a condition PATH OP VALUE such as isLoading == false"
            case .json: "any JSON value"
            case .fields: "state fields to change, such as {\"message\":\"hi\"}"
            case .choice(let values): "one of " + values.joined(separator: ", ")
            case .flag: "true or false"
            }
        }
    }
}
