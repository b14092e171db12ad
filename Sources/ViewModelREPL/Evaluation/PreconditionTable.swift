/// The UI's rules a session was told: an event a screen sends only while a condition holds, as a
/// button that is disabled until a form is filled in.
///
/// `event` where a precondition does not hold is refused (``ReplError/Reason/eventDisabled``), and
/// `explore` sends an event only where all of its preconditions hold, so what it finds a user could
/// reach. Conditions belong to the screen that was current when they were declared.
@MainActor
final class PreconditionTable {
    /// One rule: `event` is sent on `screen` only while `condition` holds.
    struct Rule: Equatable {
        var screen: String
        var event: String
        var condition: StateCondition
    }

    private var rules: [Rule] = []

    /// Whether there is none: the per-line path asks this and nothing else.
    var isEmpty: Bool { rules.isEmpty }

    /// How many there are.
    var count: Int { rules.count }

    /// Adds a rule, unless the same one is there already.
    func add(_ rule: Rule) {
        if !rules.contains(rule) { rules.append(rule) }
    }

    /// Removes the rules of `screen`.
    func clear(on screen: String) {
        rules.removeAll { $0.screen == screen }
    }

    /// The conditions `event` on `screen` is sent under, in the order declared.
    func conditions(of event: String, on screen: String) -> [StateCondition] {
        rules.lazy.filter { $0.screen == screen && $0.event == event }.map(\.condition)
    }

    /// The conditions of every event of `screen`, by event name.
    func conditions(on screen: String) -> [String: [StateCondition]] {
        Dictionary(grouping: rules.filter { $0.screen == screen }, by: \.event).mapValues { $0.map(\.condition) }
    }

    /// The first of `event`'s conditions that does not hold on `screen` now, and what its path holds.
    func unmet(_ event: String, on screen: OpenScreen) throws(ReplError) -> (condition: StateCondition, actual: JSONValue?)? {
        for condition in conditions(of: event, on: screen.name) {
            let root = try screen.root(for: condition.path)
            if !ConditionCheck.holds(condition, in: root) { return (condition, condition.path.lookup(in: root)) }
        }
        return nil
    }

    /// The rules, as written in a script (`save saveEnabled == true`).
    var descriptions: [String] { rules.map { "\($0.event) \($0.condition.text)" } }
}
