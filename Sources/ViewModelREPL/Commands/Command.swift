/// One command of the line protocol, parsed from its human or its JSON form.
package enum Command: Equatable, Sendable {
    case screens
    case use(screen: String)
    case describe
    /// `state`, or `state PATH` to show one part in full (at a terminal).
    case state(focus: StatePath?)
    case event(name: String, arguments: Arguments)
    case load
    case reload
    case retry
    case cancel
    case mockState(JSONValue)
    case mockFields([Field])
    /// `write FIELD=VALUE…`: set bound properties of the real view model, as a view would.
    case write([Field])
    case real
    case wait(until: Condition?, timeout: Duration?)
    case advance(Duration)
    case sleep(Duration)
    case expect(Condition)
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
    case invariant(Command.Condition, when: Command.Condition?)
    /// `invariant clear`.
    case invariantClear
    /// `invariants`: list them.
    case invariants
    /// `watch PATH`, or `watch` to list the watched paths.
    case watch(StatePath?)
    /// `unwatch PATH`, or `unwatch` for all.
    case unwatch(StatePath?)
    case quit

    /// What `record` does with a file that is there already.
    package enum RecordMode: Equatable, Sendable {
        /// Refuse it (`file_exists`).
        case create
        /// Replace it, atomically (`overwrite=true`).
        case overwrite
        /// Add to its end (`append=true`).
        case append
    }

    /// A session setting changed by `set`.
    package enum Setting: Equatable, Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
    }

    /// A `key=value` argument.
    package struct Field: Equatable, Sendable {
        package var key: String
        package var value: JSONValue

        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// An event's arguments: named (`id=3`) and positional (`3`), in the order given.
    package struct Arguments: Equatable, Sendable {
        package var named: [Field] = []
        package var positional: [JSONValue] = []

        package init(named: [Field] = [], positional: [JSONValue] = []) {
            self.named = named
            self.positional = positional
        }
    }

    /// A test on the state: `PATH OP VALUE`.
    package struct Condition: Equatable, Sendable {
        package enum Operator: String, Sendable, CaseIterable {
            case equals = "=="
            case notEquals = "!="
            case contains
            case exists
        }

        package var path: StatePath
        package var op: Operator
        /// The value compared against; `nil` for `exists`.
        package var value: JSONValue?

        package init(path: StatePath, op: Operator, value: JSONValue?) {
            self.path = path
            self.op = op
            self.value = value
        }
    }
}
