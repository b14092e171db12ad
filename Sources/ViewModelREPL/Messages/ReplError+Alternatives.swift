/// The names an error offers instead of the one given, for a program that corrects itself.
extension ReplError {
    /// What was asked for, what exists, and the closest match: an unknown screen, event,
    /// argument, field, member, dependency or command; `nil` for errors of another kind.
    package var alternatives: (given: String, known: [String], closest: String?)? {
        let given: String
        let known: [String]
        switch reason {
        case .unknownCommand(let name, let commands), .unknownHelpTopic(let name, let commands): (given, known) = (name, commands)
        case .unknownArgument(let name, _, let takes): (given, known) = (name, takes)
        case .unknownMember(let name, _, let allowed): (given, known) = (name, allowed)
        case .unknownScreen(let name, let screens): (given, known) = (name, screens)
        case .unknownEvent(let name, _, let events): (given, known) = (name, events)
        case .unknownEventArgument(let name, _, let takes): (given, known) = (name, takes.map(\.name))
        case .unknownStateField(let name, _, let fields), .nothingAt(let name, _, let fields): (given, known) = (name, fields)
        case .unknownDependency(let name, let dependencies): (given, known) = (name, dependencies)
        default: return nil
        }
        return (given, known, Suggestions.closest(to: given, among: known))
    }
}
