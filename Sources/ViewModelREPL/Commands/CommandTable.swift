/// The commands of the line protocol: the one table the parsers, `help`, completion, `--help` and
/// the manual page's command list come from. Each command's name is written here and nowhere else.
package enum CommandTable {
    package typealias Member = CommandSpec.Member

    package static let specs: [CommandSpec] = [
        CommandSpec(
            name: "screens", usage: "screens", summary: "list the registered screens",
            tool: .init("List screens", returns: "the registered screens, each with a summary, and the one in use")
        ) { _ in .screens },
        CommandSpec(
            name: "use", usage: "use SCREEN",
            summary: "open a screen with its real view model (a screen keeps its view models while the session lasts)",
            members: [.positional(.screen, .screen)], tool: .init("Open a screen", returns: "the screen's whole state", example: #"{"screen":"foo"}"#)
        ) { bindings throws(ReplError) in
            .use(screen: try bindings.required(.screen))
        } inverse: { command in
            guard case .use(let screen) = command else { return nil }
            return Bindings((.screen, .text(screen)))
        },
        CommandSpec(
            name: "describe", usage: "describe", summary: "the screen's events with their arguments, and its state's fields", needsScreen: true,
            tool: .init(
                "Describe the screen",
                returns: "its events with their arguments' types and a JSON Schema each, its state's fields, whether it loads, and its dependencies")
        ) { _ in .describe },
        CommandSpec(
            name: "state", usage: "state [PATH]", summary: "print the current state; at a terminal PATH shows one part of it in full",
            members: [.positional(.path, .path, required: false)], needsScreen: true,
            tool: .init("Read the state", returns: "the current screen's whole state", example: #"{"path":"users.value"}"#)
        ) { bindings in
            .state(focus: bindings.path(.path))
        } inverse: { command in
            guard case .state(let focus) = command else { return nil }
            return Bindings((.path, focus.map(Bindings.MemberValue.path)))
        },
        CommandSpec(
            name: "event", usage: "event NAME [ARG=VALUE | VALUE]...", summary: "send an event; in preview it is recorded, not handled",
            members: [.positional(.name, .event), .rest(.args, .eventArguments)], needsScreen: true,
            tool: .init(
                "Send an event",
                returns:
                    "the new state, or in preview that the event was recorded; on virtual time also every state a load it started went through. describe lists the open screen's events, each with the JSON Schema of its args",
                example: #"{"name":"select","args":{"id":3}}"#)
        ) { bindings throws(ReplError) in
            .event(name: try bindings.required(.name), arguments: bindings.arguments(.args))
        } inverse: { command in
            guard case .event(let name, let arguments) = command else { return nil }
            return Bindings((.name, .text(name)), (.args, arguments == EventArguments() ? nil : .arguments(arguments)))
        },
        CommandSpec(
            name: "load", usage: "load", summary: "start a load (cancelling the one in flight); its state changes stream out as they happen",
            needsScreen: true, tool: .init("Start a load", returns: "the loading state, then (on virtual time, in the same call) the loaded or failed state")
        ) { _ in .load },
        CommandSpec(
            name: "reload", usage: "reload", summary: "the same as load; the last loaded value stays shown while it runs", needsScreen: true,
            tool: .init("Reload", returns: "the states the reload went through, the last loaded value kept while it runs")
        ) { _ in .reload },
        CommandSpec(
            name: "retry", usage: "retry", summary: "run the last load again", needsScreen: true,
            tool: .init("Retry the last load", returns: "the states the load went through")
        ) { _ in .retry },
        CommandSpec(
            name: "cancel", usage: "cancel", summary: "cancel the load in flight; the screen goes back to what it showed before", needsScreen: true,
            tool: .init("Cancel the load", returns: "the state as it was before the load")
        ) { _ in .cancel },
        CommandSpec(
            name: "mock", usage: "mock state=JSON | mock FIELD=VALUE...",
            summary: "swap to the preview view model with exactly this state, or the current state with these fields changed",
            members: [.named(.state, .json), .rest(.set, .fields)], needsScreen: true,
            tool: .init("Mock a state", returns: "the state the preview view model now shows", example: #"{"set":{"message":"hi"}}"#)
        ) { bindings throws(ReplError) in
            switch (bindings.json(.state), bindings.fields(.set)) {
            case (let state?, nil): return .mockState(state)
            case (nil, let fields?): return .mockFields(fields)
            default: throw ReplError(bindings.isJSON ? .mockNeedsStateOrSet : .usage(of: "mock"))
            }
        } inverse: { command in
            switch command {
            case .mockState(let state): return Bindings((.state, .json(state)))
            case .mockFields(let fields): return Bindings((.set, .fields(fields)))
            default: return nil
            }
        },
        CommandSpec(
            name: "write", usage: "write FIELD=VALUE...",
            summary: "set properties the screen binds on the real view model, as a view's binding would ($model.query = \"swift\"); its didSet runs",
            members: [.rest(.set, .fields)], needsScreen: true,
            tool: .init(
                "Write bound properties", returns: "the new state; on virtual time also every state the work it started went through",
                example: #"{"set":{"query":"swift"}}"#)
        ) { bindings throws(ReplError) in
            guard let fields = bindings.fields(.set), !fields.isEmpty else {
                throw ReplError(bindings.isJSON ? .missingMember(MemberKey.set.name) : .usage(of: "write"))
            }
            return .write(fields)
        } inverse: { command in
            guard case .write(let fields) = command else { return nil }
            return Bindings((.set, .fields(fields)))
        },
        CommandSpec(
            name: "real", usage: "real", summary: "swap back to the real view model, which kept its state", needsScreen: true,
            tool: .init("Back to the real view model", returns: "the real view model's state, kept while the preview was shown")
        ) { _ in .real },
        CommandSpec(
            name: "wait", usage: "wait [until PATH OP VALUE] [timeout=DURATION]",
            summary: "block until no load is in flight, or until a condition holds (default timeout 10s)",
            members: [.keyword(.until, .condition), .named(.timeout, .duration)], takesTime: true,
            tool: .init(
                "Wait for loads or a condition", returns: "the state once nothing loads or the condition holds, with every state pushed since the last call",
                example: #"{"until":"isLoading == false","timeout":"5s"}"#)
        ) { bindings in
            .wait(until: bindings.condition(.until), timeout: bindings.duration(.timeout))
        } inverse: { command in
            guard case .wait(let condition, let timeout) = command else { return nil }
            return Bindings((.until, condition.map(Bindings.MemberValue.condition)), (.timeout, timeout.map(Bindings.MemberValue.duration)))
        },
        CommandSpec(
            name: "advance", usage: "advance DURATION", summary: "move the virtual clock forward, waking what sleeps until then",
            members: [.positional(.duration, .duration)], takesTime: true,
            tool: .init(
                "Advance virtual time", returns: "the virtual clock's new time, with the states that changed on the way", example: #"{"duration":"2s"}"#)
        ) { bindings throws(ReplError) in
            .advance(try bindings.requiredDuration(.duration))
        } inverse: { command in
            guard case .advance(let duration) = command else { return nil }
            return Bindings((.duration, .duration(duration)))
        },
        CommandSpec(
            name: "sleep", usage: "sleep DURATION", summary: "pause for real time, for paced demos",
            members: [.positional(.duration, .duration)], takesTime: true, tool: nil
        ) { bindings throws(ReplError) in
            .sleep(try bindings.requiredDuration(.duration))
        } inverse: { command in
            guard case .sleep(let duration) = command else { return nil }
            return Bindings((.duration, .duration(duration)))
        },
        CommandSpec(
            name: "expect", usage: "expect PATH OP VALUE",
            summary: "check the state (OP is ==, !=, contains or exists); a failure is an error",
            members: [.positional(.path, .path), .positional(.op, .comparison, required: false), .positional(.value, .json, required: false)],
            humanForm: .condition, needsScreen: true,
            tool: .init(
                "Check the state", returns: "ok when the condition holds; an error with expected, actual and a diff when not",
                example: #"{"path":"message","op":"==","value":"👋"}"#)
        ) { bindings throws(ReplError) in
            guard let path = bindings.path(.path) else { throw ReplError(.missingMember(MemberKey.path.name)) }
            let op = bindings.comparison(.op) ?? .equals
            let value = bindings.json(.value)
            if op != .exists, value == nil { throw ReplError(.missingMember(MemberKey.value.name)) }
            return .expect(StateCondition(path: path, op: op, value: op == .exists ? nil : value))
        } inverse: { command in
            guard case .expect(let condition) = command else { return nil }
            return Bindings((.path, .path(condition.path)), (.op, .comparison(condition.op)), (.value, condition.value.map(Bindings.MemberValue.json)))
        },
        CommandSpec(
            name: "set", usage: "set clock=virtual|real | set output=human|json|pretty | set states=full|diff",
            summary: "choose the time screens run on (before the first use), how a terminal shows lines, or whether state lines carry patches",
            members: [
                .named(.clock, .choice(ClockMode.allCases.map(\.rawValue))),
                .named(.output, .choice(OutputMode.allCases.map(\.rawValue))),
                .named(.states, .choice(StateRendering.allCases.map(\.rawValue))),
            ], tool: nil
        ) { bindings throws(ReplError) in
            guard bindings.count == 1 else { throw ReplError(.usage(of: "set")) }
            if let clock = bindings.text(.clock).flatMap(ClockMode.init(rawValue:)) { return .set(.clock(clock)) }
            if let mode = bindings.text(.output).flatMap(OutputMode.init(rawValue:)) { return .set(.output(mode)) }
            if let states = bindings.text(.states).flatMap(StateRendering.init(rawValue:)) { return .set(.states(states)) }
            throw ReplError(.usage(of: "set"))
        } inverse: { command in
            switch command {
            case .set(.clock(let clock)): return Bindings((.clock, .text(clock.rawValue)))
            case .set(.output(let mode)): return Bindings((.output, .text(mode.rawValue)))
            case .set(.states(let states)): return Bindings((.states, .text(states.rawValue)))
            default: return nil
            }
        },
        CommandSpec(
            name: "record", usage: "record FILE [overwrite=true | append=true] | record stop",
            summary: "save the commands that follow as a runnable script, until record stop; an existing FILE is kept unless told",
            members: [.positional(.path, .text, suggestions: ["stop"]), .named(.overwrite, .flag), .named(.append, .flag)],
            tool: .init("Record a script", returns: "ok with the file; record stop says how many commands it saved", example: #"{"path":"session.vmrepl"}"#)
        ) { bindings throws(ReplError) in
            let path = try bindings.required(.path)
            let overwrite = bindings.flag(.overwrite) ?? false
            let append = bindings.flag(.append) ?? false
            if path == "stop" {
                guard bindings.count == 1 else { throw ReplError(.usage(of: "record")) }
                return .recordStop
            }
            guard !(overwrite && append) else { throw ReplError(.usage(of: "record")) }
            return .record(path: path, mode: overwrite ? .overwrite : append ? .append : .create)
        } inverse: { command in
            switch command {
            case .recordStop: return Bindings((.path, .text("stop")))
            case .record(let path, let mode):
                return Bindings((.path, .text(path)), (.overwrite, mode == .overwrite ? .flag(true) : nil), (.append, mode == .append ? .flag(true) : nil))
            default: return nil
            }
        },
        CommandSpec(
            name: "stub", usage: "stub NAME value=JSON | error=TEXT | hang [delay=DURATION] [times=N]",
            summary: "make the next calls of the screen's dependency NAME return a value, fail with a message or never return; newest first",
            members: [
                .positional(.name, .dependency), .named(.value, .json), .named(.error, .text), .keyword(.hang, .flag),
                .named(.delay, .duration), .named(.times, .json),
            ],
            needsScreen: true,
            tool: .init(
                "Stub a dependency", returns: "the stub added and how many the dependency has; describe lists them",
                example: #"{"name":"fetch","error":"offline","times":1}"#)
        ) { bindings throws(ReplError) in
            let answers: [DependencyTable.Stub.Answer] = [
                bindings.json(.value).map { .value($0) }, bindings.text(.error).map { .error($0) }, bindings.flag(.hang) == true ? .hang : nil,
            ].compactMap { $0 }
            guard answers.count == 1 else { throw ReplError(.usage(of: "stub")) }
            var times: Int?
            if let count = bindings.json(.times) {
                guard case .int(let value) = count, value > 0 else {
                    throw ReplError(.memberType(member: MemberKey.times.name, expected: "a whole number above 0", found: count.kind))
                }
                times = value
            }
            let stub = DependencyTable.Stub(answer: answers[0], delay: bindings.duration(.delay), times: times)
            return .stub(name: try bindings.required(.name), stub: stub)
        } inverse: { command in
            guard case .stub(let name, let stub) = command else { return nil }
            var bindings = Bindings((.name, .text(name)))
            switch stub.answer {
            case .value(let value): bindings.bind(.value, .json(value))
            case .error(let message): bindings.bind(.error, .text(message))
            case .hang: bindings.bind(.hang, .flag(true))
            }
            if let delay = stub.delay { bindings.bind(.delay, .duration(delay)) }
            if let times = stub.times { bindings.bind(.times, .json(.int(times))) }
            return bindings
        },
        CommandSpec(
            name: "unstub", usage: "unstub [NAME]", summary: "send the calls of NAME, or of every dependency, to the live function again",
            members: [.positional(.name, .dependency, required: false)], needsScreen: true, tool: .init("Remove stubs", returns: "ok with the screen")
        ) { bindings in
            .unstub(bindings.text(.name))
        } inverse: { command in
            guard case .unstub(let name) = command else { return nil }
            return Bindings((.name, name.map(Bindings.MemberValue.text)))
        },
        CommandSpec(
            name: "calls", usage: "calls NAME", summary: "every call of the dependency NAME so far: input, start and end on the session clock, outcome",
            members: [.positional(.name, .dependency)], needsScreen: true,
            tool: .init(
                "List a dependency's calls", returns: "every call so far: input, start and end on the session clock, outcome", example: #"{"name":"fetch"}"#)
        ) { bindings throws(ReplError) in
            .calls(try bindings.required(.name))
        } inverse: { command in
            guard case .calls(let name) = command else { return nil }
            return Bindings((.name, .text(name)))
        },
        CommandSpec(
            name: "invariant", usage: "invariant PATH OP VALUE [when PATH OP VALUE] | invariant clear",
            summary: "a condition that must hold after every command and load from now on, while the when-condition holds; a break is an error",
            members: [
                // The path is required unless `clear` is given: the build says which is missing.
                .positional(.path, .path, required: false), .positional(.op, .comparison, required: false), .positional(.value, .json, required: false),
                .keyword(.when, .condition), .keyword(.clear, .flag),
            ],
            humanForm: .condition, needsScreen: true,
            tool: .init(
                "Add an invariant",
                returns:
                    "the invariant added and how many there are (the invariants tool lists them); from then on a break is an error in the call that broke it",
                example: #"{"path":"count","op":"!=","value":-1}"#)
        ) { bindings throws(ReplError) in
            if bindings.flag(.clear) == true {
                guard bindings.count == 1 else { throw ReplError(.usage(of: "invariant")) }
                return .invariantClear
            }
            guard let path = bindings.path(.path) else { throw ReplError(.missingMember(MemberKey.path.name)) }
            let op = bindings.comparison(.op) ?? .equals
            let value = bindings.json(.value)
            if op != .exists, value == nil { throw ReplError(.missingMember(MemberKey.value.name)) }
            return .invariant(StateCondition(path: path, op: op, value: op == .exists ? nil : value), when: bindings.condition(.when))
        } inverse: { command in
            switch command {
            case .invariantClear: return Bindings((.clear, .flag(true)))
            case .invariant(let condition, let when):
                return Bindings(
                    (.path, .path(condition.path)), (.op, .comparison(condition.op)), (.value, condition.value.map(Bindings.MemberValue.json)),
                    (.when, when.map(Bindings.MemberValue.condition)))
            default: return nil
            }
        },
        CommandSpec(name: "invariants", usage: "invariants", summary: "list the invariants", tool: .init("List invariants", returns: "the invariants")) { _ in
            .invariants
        },
        CommandSpec(
            name: "watch", usage: "watch [PATH]",
            summary: "report each change of the value at PATH on this screen as a change line, whatever caused it; alone, list the watched paths",
            members: [.positional(.path, .path, required: false)], needsScreen: true,
            tool: .init(
                "Watch a path",
                returns: "the path watched and how many are (no path: the list); each later change comes as a change line in the call that caused it",
                example: #"{"path":"message"}"#)
        ) { bindings in
            .watch(bindings.path(.path))
        } inverse: { command in
            guard case .watch(let path) = command else { return nil }
            return Bindings((.path, path.map(Bindings.MemberValue.path)))
        },
        CommandSpec(
            name: "unwatch", usage: "unwatch [PATH]", summary: "stop watching PATH, or every path of this screen",
            members: [.positional(.path, .path, required: false)], needsScreen: true,
            tool: .init("Stop watching", returns: "the path no longer watched and how many are left")
        ) { bindings in
            .unwatch(bindings.path(.path))
        } inverse: { command in
            guard case .unwatch(let path) = command else { return nil }
            return Bindings((.path, path.map(Bindings.MemberValue.path)))
        },
        CommandSpec(
            name: "help", usage: "help [COMMAND]", summary: "the commands, or one command",
            members: [.positional(.topic, .command, required: false)], tool: nil
        ) { bindings in
            .help(topic: bindings.text(.topic))
        } inverse: { command in
            guard case .help(let topic) = command else { return nil }
            return Bindings((.topic, topic.map(Bindings.MemberValue.text)))
        },
        CommandSpec(name: "quit", aliases: ["exit"], usage: "quit", summary: "finish what is in flight and end the session", tool: nil) { _ in .quit },
    ]

    /// Specs by every name and alias, for the parsers' one lookup per line.
    private static let byName: [String: CommandSpec] = {
        var byName: [String: CommandSpec] = [:]
        for spec in specs {
            for name in [spec.name] + spec.aliases { byName[name] = spec }
        }
        return byName
    }()

    /// The command named `name` (or one of its aliases).
    package static func spec(_ name: String) -> CommandSpec? {
        byName[name]
    }

    /// Every command name, for completion and suggestions.
    package static var names: [String] { specs.map(\.name) }
}
