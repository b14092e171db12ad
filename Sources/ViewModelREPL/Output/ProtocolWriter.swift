import Foundation

/// The line protocol's version, as the `ready` line announces it.
package enum WireProtocol {
    package static let version = 1
}

/// Renders output values as protocol-v1 lines: the code that knows the wire's field names, besides
/// the members of an `ok` line, which the command that changed something declares with its change
/// (``AcknowledgedChange``).
///
/// Every line is one object with a `type` and a `seq`, then the request's `id` and `line` and
/// `"push":true` for a line a request caused later; docs/PROTOCOL.md is its specification. The
/// lines go to `Target`: bytes for the wire, or JSON values for MCP results, spelled alike.
@MainActor
package final class ProtocolWriter<Target: ProtocolLineTarget>: OutputConsumer {
    private let output: Target

    package init(output: Target) {
        self.output = output
    }

    package var isClosed: Bool { output.isClosed }

    package func flush() {
        output.flush()
    }

    package func consume(_ value: OutputValue, settings: OutputSettings) {
        render(value)
    }

    /// Writes one value as its line.
    package func render(_ value: OutputValue) {
        switch value.reply {
        case .ready(let screens, let clock):
            open("ready", value)
            output.field("protocol", "vmrepl")
            output.field("version", WireProtocol.version)
            output.field("screens", .array(screens.map(JSONValue.string)))
            output.field("clock", clock.rawValue)
        case .state(let snapshot):
            writeState(snapshot, value)
        case .recorded(let recorded):
            open("event", value)
            output.field("screen", recorded.screen)
            output.field("model", recorded.model.rawValue)
            output.field("event", recorded.event)
            output.field("recorded", recorded.count)
        case .screens(let screens, let current):
            open("screens", value)
            output.field("screens", .array(screens.map { .object([("name", .string($0.name)), ("summary", .string($0.summary))]) }))
            if let current { output.field("current", current) }
        case .description(let description):
            writeDescription(description, value)
        case .help(let entries):
            open("help", value)
            output.field(
                "commands",
                .array(entries.map { .object([("name", .string($0.name)), ("usage", .string($0.usage)), ("summary", .string($0.summary))]) }))
        case .clock(let now):
            open("clock", value)
            output.field("now", .double(DurationText.seconds(now)))
        case .ok(let acknowledgement):
            writeAcknowledgement(acknowledgement, value)
        case .calls(let screen, let dependency, let calls, let dropped):
            open("calls", value)
            output.field("screen", screen)
            output.field("dependency", dependency)
            output.field("calls", .array(calls.map(\.json)))
            // Only a capped list says so: the older calls it no longer holds, and every call made.
            if dropped > 0 {
                output.field("dropped", dropped)
                output.field("count", dropped + calls.count)
            }
        case .exploration(.counterexample(let invariant, let message, let steps, let file, let unwritten, let run)):
            open("counterexample", value)
            output.field("invariant", invariant)
            output.field("message", message)
            output.field("steps", .array(steps.map(JSONValue.string)))
            // A script that could not be written is not named as `file`, which a client would open.
            if let unwritten {
                output.field("unwritten", file)
                output.field("reason", unwritten)
            } else {
                output.field("file", file)
            }
            output.field("run", run)
        case .exploration(.explored(let runs, let steps, let events, let phases, let checks)):
            open("explored", value)
            output.field("runs", runs)
            output.field("steps", steps)
            output.field("events", .object(events.map { ($0.name, .int($0.count)) }))
            output.field("phases", .array(phases.map(JSONValue.string)))
            output.field("checks", checks)
        case .exploration(.coverage(let coverage)):
            writeCoverage(coverage, value)
        case .exploration(.found(let finding)):
            open("counterexample", value)
            output.field("found", finding.kind.rawValue)
            output.field("message", finding.message)
            if let place = finding.place { output.field("place", place) }
            if let signal = finding.signal { output.field("signal", Int(signal)) }
            if let status = finding.status { output.field("status", Int(status)) }
            if let seconds = finding.seconds { output.field("seconds", .double(seconds)) }
            output.field("steps", .array(finding.steps.map(JSONValue.string)))
            if let unwritten = finding.unwritten {
                output.field("unwritten", finding.file)
                output.field("reason", unwritten)
            } else {
                output.field("file", finding.file)
            }
            output.field("run", finding.run)
        case .change(let change):
            open("change", value)
            output.field("screen", change.screen)
            output.field("path", change.path)
            if let from = change.from { output.field("from", from) }
            if let to = change.to { output.field("to", to) }
        case .error(let error):
            writeError(error, value)
        case .output(let screen, let name, let sent):
            open("output", value)
            output.field("screen", screen)
            output.field("name", name)
            output.field("value", sent)
        case .log(let screen, let message):
            open("log", value)
            output.field("screen", screen)
            output.field("message", message)
        }
        output.end()
    }

    /// Opens `value`'s line: its type, `seq`, request and whether it is a push.
    private func open(_ type: StaticString, _ value: OutputValue) {
        output.begin(type, seq: value.seq, tag: value.tag, push: value.push)
    }

    private func writeState(_ snapshot: StateSnapshot, _ value: OutputValue) {
        open("state", value)
        output.screen(snapshot.screen, model: snapshot.model)
        if snapshot.isLoading { output.field("loading", true) }
        if !snapshot.pending.isEmpty { output.field("pending", .array(snapshot.pending.map(JSONValue.string))) }
        if let result = snapshot.result { output.field("result", result) }
        if let patch = value.patch {
            output.field("base", patch.base)
            output.field("patch", patch.operations)
        } else {
            output.field("state", encoded: snapshot.json)
        }
    }

    private func writeDescription(_ description: ScreenDescription, _ value: OutputValue) {
        open("describe", value)
        output.field("screen", description.screen)
        output.field("model", description.model.rawValue)
        output.field("loads", description.loads)
        output.field(
            "events",
            .array(
                description.events.map { event in
                    var members: [(key: String, value: JSONValue)] = [
                        ("name", .string(event.name)),
                        (
                            "args",
                            .array(
                                event.arguments.map { argument in
                                    var members: [(key: String, value: JSONValue)] = [("name", .string(argument.name)), ("type", .string(argument.type))]
                                    if let cases = argument.cases { members.append(("cases", .array(cases.map(JSONValue.string)))) }
                                    if let unsendable = argument.unsendable { members.append(("unsendable", .string(unsendable))) }
                                    return .object(members)
                                })
                        ),
                    ]
                    if let conditions = description.preconditions[event.name] { members.append(("preconditions", .array(conditions.map(JSONValue.string)))) }
                    return .object(members)
                }))
        output.field(
            "fields",
            .array(
                description.fields.map { field in
                    var members: [(key: String, value: JSONValue)] = [("name", .string(field.name)), ("type", .string(field.type))]
                    if let swift = description.swiftTypes[field.name] { members.append(("swiftType", .string(swift))) }
                    if let cases = description.cases[field.name] { members.append(("cases", .array(cases.map(JSONValue.string)))) }
                    return .object(members)
                }))
        if let schema = description.stateSchema { output.field("stateSchema", schema) }
        if !description.outputs.isEmpty {
            output.field(
                "outputs",
                .array(description.outputs.map { .object([("name", .string($0.name))] + ($0.schema.map { [("schema", $0)] } ?? [])) }))
        }
        if !description.bindings.isEmpty {
            output.field("bindings", .array(description.bindings.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) }))
        }
        if !description.dependencies.isEmpty {
            output.field(
                "dependencies",
                .array(
                    description.dependencies.map { dependency in
                        .object([
                            ("name", .string(dependency.declared.name)), ("input", dependency.declared.input.map(JSONValue.string) ?? .null),
                            ("output", .string(dependency.declared.output)), ("stubs", .array(dependency.stubs.map(\.json))),
                        ])
                    }))
        }
    }

    private func writeCoverage(_ coverage: Coverage, _ value: OutputValue) {
        open("coverage", value)
        output.field(
            "events",
            .object(
                coverage.events.map { event in
                    var members: [(key: String, value: JSONValue)] = [
                        ("tried", .int(event.tried)), ("sent", .int(event.sent)), ("refused", .int(event.refused)),
                    ]
                    if !event.codes.isEmpty { members.append(("codes", .object(event.codes.map { ($0.code, .int($0.count)) }))) }
                    return (event.name, .object(members))
                }))
        output.field(
            "unsent",
            .array(
                coverage.unsent.map { event in
                    var members: [(key: String, value: JSONValue)] = [
                        ("event", .string(event.name)), ("why", .string(event.tried == 0 ? "never tried" : "refused")),
                    ]
                    if event.tried > 0 {
                        members += [("refused", .int(event.refused)), ("states", .int(event.statesTried))]
                        if let message = event.firstRefusal { members.append(("message", .string(message))) }
                    }
                    return .object(members)
                }))
        output.field(
            "paths",
            .array(
                coverage.paths.map { path in
                    var members: [(key: String, value: JSONValue)] = [("path", .string(path.path))]
                    if let cases = path.cases {
                        members.append(("cases", .array(cases.map(JSONValue.string))))
                        members.append(("unreached", .array(path.unreached.map(JSONValue.string))))
                    }
                    return .object(members)
                }))
        let states = coverage.states.map { JSONValue.object($0.values.map { (key: $0.path, value: $0.value) }) }
        output.field("states", .array(zip(states, coverage.states).map { .object([("state", $0), ("count", .int($1.count))]) }))
        output.field(
            "transitions",
            .array(
                coverage.transitions.map { transition in
                    var members: [(key: String, value: JSONValue)] = [("from", states[transition.from]), ("step", .string(transition.step))]
                    if let event = transition.event { members.append(("event", .string(event))) }
                    members += [("to", states[transition.to]), ("count", .int(transition.count))]
                    return .object(members)
                }))
        output.field("limits", .object([("states", .int(coverage.limits.states)), ("transitions", .int(coverage.limits.transitions))]))
        output.field("dropped", .object([("states", .int(coverage.dropped.states)), ("transitions", .int(coverage.dropped.transitions))]))
        // As the counterexample's script: a file that could not be written is not named as `graph`.
        if let graph = coverage.graph {
            if let unwritten = graph.unwritten {
                output.field("unwritten", graph.path)
                output.field("reason", unwritten)
            } else {
                output.field("graph", graph.path)
            }
        }
    }

    private func writeAcknowledgement(_ acknowledgement: Acknowledgement, _ value: OutputValue) {
        open("ok", value)
        output.field("cmd", acknowledgement.command)
        acknowledgement.change?.writeMembers(to: output)
    }

    private func writeError(_ error: ReplError, _ value: OutputValue) {
        open("error", value)
        output.field("code", error.code.rawValue)
        output.field("message", error.message)
        if let column = error.column { output.field("column", column) }
        if case .invariantViolated(let condition, let invariant, let actual, let cause) = error.reason {
            output.field("invariant", invariant)
            output.field("cause", cause)
            output.field("path", condition.path.description)
            output.field("op", condition.op.rawValue)
            if let expected = condition.value { output.field("expected", expected) }
            output.field("actual", actual ?? .null)
        }
        if case .expectationFailed(let condition, let actual, let differences) = error.reason {
            output.field("path", condition.path.description)
            output.field("op", condition.op.rawValue)
            if let expected = condition.value { output.field("expected", expected) }
            output.field("actual", actual ?? .null)
            if let differences {
                output.field("diff", JSONPatch.json(JSONPatch.operations(differences)))
            }
        }
    }
}
