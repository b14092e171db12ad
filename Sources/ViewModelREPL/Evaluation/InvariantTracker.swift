/// The invariants of a session: conditions that must hold after every command and every pushed
/// state change from the moment they are declared.
///
/// An invariant belongs to the screen that was current when it was declared and is checked while
/// that screen is open. It is reported when it breaks, once; it is reported again only after it
/// has held once more, so a state that stays wrong does not repeat the same error on every line.
///
/// Checking costs what changed, not the square of the invariants: a screen whose state has not
/// changed since its last check (the same ``OpenScreen/stateVersion``) has only its invariants
/// declared since then checked, and those on `@events` or `@calls`, which change without a new
/// state. Declaring N invariants in a row is N checks, not N²/2.
@MainActor
final class InvariantTracker {
    /// One invariant.
    struct Invariant: Equatable {
        var screen: String
        var condition: StateCondition
        /// Checked only while this holds.
        var when: StateCondition?

        /// How a person would write it.
        var description: String {
            condition.text + (when.map { " when " + $0.text } ?? "")
        }

        /// Whether it looks at what may change without a new state: `@events`, `@calls` (any `@` root).
        var looksPastTheState: Bool {
            [condition.path, when?.path].contains { path in
                if case .key(let key)? = path?.components.first { return key.hasPrefix("@") }
                return false
            }
        }
    }

    /// An invariant and whether it is broken now.
    private struct Entry {
        var invariant: Invariant
        var isBroken = false
    }

    /// The invariants of one screen and how far they were checked.
    private struct ScreenInvariants {
        /// Indexes into ``entries``, in the order declared.
        var indexes: [Int] = []
        /// Positions in ``indexes`` of the invariants checked on every line (``Invariant/looksPastTheState``).
        var alwaysChecked: [Int] = []
        /// The state version the first ``checkedCount`` of them were last checked at.
        var checkedVersion: UInt64?
        var checkedCount = 0
    }

    @exclusivity(unchecked) private var entries: [Entry] = []
    @exclusivity(unchecked) private var screens: [String: ScreenInvariants] = [:]
    /// The invariants by screen and description, to find one declared again without a search.
    private var declared: [String: [Int]] = [:]

    /// How many conditions have been evaluated, for the tests that check the cost stays linear.
    private(set) var evaluations = 0

    /// Whether there is nothing to check: the per-line path asks this and nothing else.
    var isEmpty: Bool { entries.isEmpty }

    /// How many invariants there are.
    var count: Int { entries.count }

    /// The invariants, as written.
    var descriptions: [String] { entries.map(\.invariant.description) }

    /// The invariants, in the order declared.
    var all: [Invariant] { entries.map(\.invariant) }

    func add(_ invariant: Invariant) {
        let key = invariant.screen + "\u{0}" + invariant.description
        if let same = declared[key], same.contains(where: { entries[$0].invariant == invariant }) { return }
        let index = entries.count
        entries.append(Entry(invariant: invariant))
        declared[key, default: []].append(index)
        var screen = screens[invariant.screen] ?? ScreenInvariants()
        if invariant.looksPastTheState { screen.alwaysChecked.append(screen.indexes.count) }
        screen.indexes.append(index)
        screens[invariant.screen] = screen
    }

    func clear() {
        entries.removeAll()
        screens.removeAll()
        declared.removeAll()
    }

    /// The invariants that broke since they last held, with what the path shows now, in the order declared.
    /// - Parameters:
    ///   - version: A screen's ``OpenScreen/stateVersion``; `nil` when it is not open.
    ///   - root: What a path of a screen looks into; `nil` when it cannot be read.
    func check(version: (String) -> UInt64?, root: (String, StatePath) -> JSONValue?) -> [(invariant: Invariant, actual: JSONValue?)] {
        var broken: [(index: Int, actual: JSONValue?)] = []
        for name in screens.keys {
            guard let version = version(name), var screen = screens[name] else { continue }
            // Unchanged since the last check: only what was declared since, and what looks past the state.
            let start = screen.checkedVersion == version ? screen.checkedCount : 0
            var complete = true
            for position in screen.alwaysChecked where position < start {
                complete = check(screen.indexes[position], of: name, root, into: &broken) && complete
            }
            for index in screen.indexes[start...] {
                complete = check(index, of: name, root, into: &broken) && complete
            }
            // A state that could not be read is read again next time, changed or not.
            screen.checkedVersion = complete ? version : nil
            screen.checkedCount = screen.indexes.count
            screens[name] = screen
        }
        return broken.sorted { $0.index < $1.index }.map { (entries[$0.index].invariant, $0.actual) }
    }

    /// Checks one invariant, adding it to `broken` if it broke since it last held; `false` when
    /// its screen's state could not be read.
    private func check(
        _ index: Int, of screen: String, _ root: (String, StatePath) -> JSONValue?, into broken: inout [(index: Int, actual: JSONValue?)]
    ) -> Bool {
        let invariant = entries[index].invariant
        evaluations += 1
        guard let state = root(screen, invariant.condition.path) else { return false }
        if let when = invariant.when {
            // Outside the states `when` picks (or where it cannot be read), it holds.
            guard let guardRoot = root(screen, when.path) else {
                entries[index].isBroken = false
                return false
            }
            guard ConditionCheck.holds(when, in: guardRoot) else {
                entries[index].isBroken = false
                return true
            }
        }
        let holds = ConditionCheck.holds(invariant.condition, in: state)
        if !holds, !entries[index].isBroken {
            broken.append((index, invariant.condition.path.lookup(in: state)))
        }
        entries[index].isBroken = !holds
        return true
    }
}
