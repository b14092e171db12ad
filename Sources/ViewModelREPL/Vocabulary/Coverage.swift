/// What `vmrepl explore --coverage` tried and reached: each event's tally, the abstract states
/// (the values at a few paths) the runs went through, and the steps that led from one to another.
package struct Coverage: Sendable {
    /// How often one of the screen's events was tried, and what became of it.
    package struct EventTally: Sendable {
        package var name: String
        /// How many steps sent it.
        package var tried = 0
        /// How many of those the screen took (handled, or recorded by the preview).
        package var sent = 0
        /// How many were refused: their reply was an error.
        package var refused = 0
        /// The refusals by error code, most frequent first.
        package var codes: [(code: String, count: Int)] = []
        /// The first refusal's message, to show why.
        package var firstRefusal: String?
        /// In how many distinct abstract states it was tried.
        package var statesTried = 0

        package init(name: String) {
            self.name = name
        }
    }

    /// One path an abstract state is keyed by, with the cases its type says it has.
    package struct AbstractPath: Sendable {
        package var path: String
        /// The enum cases the path's type declares, by name; `nil` when it is no enum.
        package var cases: [String]?
        /// Those of `cases` no state reached.
        package var unreached: [String] = []
    }

    /// An abstract state: the value at each path (a path that leads nowhere is left out).
    package struct State: Sendable {
        package var values: [(path: String, value: JSONValue)]
        /// How many times a run was in it: at its start, or after a step.
        package var count: Int
    }

    /// Steps of one kind that led from one abstract state to another, by their places in `states`.
    package struct Transition: Sendable {
        package var from: Int
        /// The step's command: `event`, `load`, `advance`, `wait`, `stub`…
        package var step: String
        /// For an `event` step, the event's name.
        package var event: String?
        package var to: Int
        package var count: Int
    }

    /// The screen's events, by name.
    package var events: [EventTally]
    package var paths: [AbstractPath]
    /// In the order they were first reached.
    package var states: [State]
    /// Ordered by where they start, then where they end, then by step.
    package var transitions: [Transition]
    /// The most distinct states and transitions kept.
    package var limits: (states: Int, transitions: Int)
    /// Observations not kept because a limit was reached: steps that ended in a new state past
    /// the state limit, and steps whose transition was new past the transition limit (or started
    /// or ended in a state not kept).
    package var dropped: (states: Int, transitions: Int)
    /// The dot file asked for (`--coverage=FILE.dot`), and why it could not be written, if it could not.
    package var graph: (path: String, unwritten: String?)?

    /// The events no step got the screen to take: refused every time, or never tried.
    package var unsent: [EventTally] { events.filter { $0.sent == 0 } }
}
