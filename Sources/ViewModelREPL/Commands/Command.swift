/// One command of the line protocol, parsed from its human or its JSON form.
package enum Command: Equatable, Sendable {
    case screens
    case use(screen: String)
    case describe
    /// `state`, or `state PATH` to show one part in full (at a terminal).
    case state(focus: StatePath?)
    case event(name: String, arguments: EventArguments)
    case load
    case reload
    case retry
    case cancel
    case mockState(JSONValue)
    case mockFields([NamedValue])
    /// `write FIELD=VALUE…`: set bound properties of the real view model, as a view would.
    case write([NamedValue])
    case real
    case wait(until: StateCondition?, timeout: Duration?)
    case advance(Duration)
    case sleep(Duration)
    case expect(StateCondition)
    case help(topic: String?)
    case set(Setting)
    case record(path: String, mode: RecordMode)
    case recordStop
    /// `stub NAME …`: the next calls of a dependency answer as told.
    case stub(name: String, stub: DependencyTable.Stub)
    /// `unstub NAME`, or `unstub` for every dependency.
    case unstub(String?)
    /// `calls NAME`: every call of a dependency so far.
    case calls(String)
    /// `invariant PATH OP VALUE [when PATH OP VALUE]`: must hold from now on.
    case invariant(StateCondition, when: StateCondition?)
    /// `invariant clear`.
    case invariantClear
    /// `invariants`: list them.
    case invariants
    /// `watch PATH`, or `watch` to list the watched paths.
    case watch(StatePath?)
    /// `unwatch PATH`, or `unwatch` for all.
    case unwatch(StatePath?)
    case quit

    /// A session setting changed by `set`.
    package enum Setting: Equatable, Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
    }
}
