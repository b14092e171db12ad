/// The invariants of a session: conditions that must hold after every command and every pushed
/// state change from the moment they are declared.
///
/// An invariant belongs to the screen that was current when it was declared and is checked while
/// that screen is open. It is reported when it breaks, once; it is reported again only after it
/// has held once more, so a state that stays wrong does not repeat the same error on every line.
@MainActor
final class InvariantTracker {
    /// One invariant.
    struct Invariant: Equatable {
        var screen: String
        var condition: Command.Condition
        /// Checked only while this holds.
        var when: Command.Condition?

        /// How a person would write it.
        var description: String {
            ConditionCheck.describe(condition) + (when.map { " when " + ConditionCheck.describe($0) } ?? "")
        }
    }

    @exclusivity(unchecked) private var invariants: [(invariant: Invariant, isBroken: Bool)] = []

    /// Whether there is nothing to check: the per-line path asks this and nothing else.
    var isEmpty: Bool { invariants.isEmpty }

    /// How many invariants there are.
    var count: Int { invariants.count }

    /// The invariants, as written.
    var descriptions: [String] { invariants.map(\.invariant.description) }

    func add(_ invariant: Invariant) {
        guard !invariants.contains(where: { $0.invariant == invariant }) else { return }
        invariants.append((invariant, false))
    }

    func clear() {
        invariants.removeAll()
    }

    /// The invariants that broke since they last held, with what the path shows now.
    /// - Parameter root: What a path of a screen looks into; `nil` when the screen is not open.
    func check(_ root: (String, StatePath) -> JSONValue?) -> [(invariant: Invariant, actual: JSONValue?)] {
        var broken: [(invariant: Invariant, actual: JSONValue?)] = []
        for index in invariants.indices {
            let invariant = invariants[index].invariant
            guard let state = root(invariant.screen, invariant.condition.path) else { continue }
            if let when = invariant.when {
                guard let guardRoot = root(invariant.screen, when.path), ConditionCheck.holds(when, in: guardRoot) else {
                    invariants[index].isBroken = false
                    continue
                }
            }
            let holds = ConditionCheck.holds(invariant.condition, in: state)
            if !holds, !invariants[index].isBroken {
                broken.append((invariant, invariant.condition.path.lookup(in: state)))
            }
            invariants[index].isBroken = !holds
        }
        return broken
    }
}
