/// `record FILE [overwrite=true | append=true] | record stop`: save the commands that follow as a
/// runnable script, until `record stop`.
package struct RecordCommand: ReplCommand {
    package static let spec = CommandSpec(
        RecordCommand.self, name: "record", usage: "record FILE [overwrite=true | append=true] | record stop",
        summary: "save the commands that follow as a runnable script, until record stop; an existing FILE is kept unless told",
        members: [.positional(.path, .text, suggestions: ["stop"]), .named(.overwrite, .flag), .named(.append, .flag)],
        leavesNoStep: true,
        tool: .init("Record a script", returns: "ok with the file; record stop says how many commands it saved", example: #"{"path":"session.vmrepl"}"#))

    /// What the command does to the recording.
    package enum Action: Equatable, Sendable {
        /// Starts recording to the file at `path`.
        case start(path: String, mode: RecordMode)
        /// Ends the recording.
        case stop
    }

    package var action: Action

    package init(_ action: Action) {
        self.action = action
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        let path = try members.required(.path)
        let overwrite = members.flag(.overwrite) ?? false
        let append = members.flag(.append) ?? false
        if path == "stop" {
            guard members.count == 1 else { throw ReplError(.usage(of: Self.spec)) }
            action = .stop
            return
        }
        guard !(overwrite && append) else { throw ReplError(.usage(of: Self.spec)) }
        action = .start(path: path, mode: overwrite ? .overwrite : append ? .append : .create)
    }

    package var members: CommandMembers {
        switch action {
        case .stop:
            CommandMembers((.path, .text("stop")))
        case .start(let path, let mode):
            CommandMembers((.path, .text(path)), (.overwrite, mode == .overwrite ? .flag(true) : nil), (.append, mode == .append ? .flag(true) : nil))
        }
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let name = Self.spec.name
        switch action {
        case .start(let path, let mode):
            guard evaluator.recorder == nil else { throw ReplError(.alreadyRecording) }
            evaluator.recorder = try ScriptRecorder(path: path, sandbox: evaluator.options.files, mode: mode, setup: Self.setUpLines(of: evaluator))
            return .ok(Acknowledgement(name, change: Started(path: path)))
        case .stop:
            guard let recorder = evaluator.recorder else { throw ReplError(.notRecording) }
            recorder.close()
            evaluator.recorder = nil
            return .ok(Acknowledgement(name, change: Stopped(path: recorder.path, commands: recorder.count)))
        }
    }

    /// The commands that bring a fresh session to this one's screens: each open screen with stubs,
    /// invariants or a mocked state (by name), then the current one, each opened with `use` and
    /// given its mocked state, its stubs (oldest first, as many uses as are left) and its invariants.
    @MainActor private static func setUpLines(of evaluator: Evaluator) -> [String] {
        guard let current = evaluator.current else { return [] }
        let declared = evaluator.invariants.all
        var commands: [any ReplCommand] = []
        for screen in evaluator.screens.values.filter({ $0 !== current }).sorted(by: { $0.name < $1.name }) + [current] {
            var lines: [any ReplCommand] = []
            if screen.host.kind == .preview, let state = try? screen.stateValue() { lines.append(MockCommand(.state(state))) }
            for dependency in screen.dependencies.dependencies {
                for stub in screen.dependencies.stubs(of: dependency.name).reversed() { lines.append(StubCommand(name: dependency.name, stub: stub)) }
            }
            for invariant in declared where invariant.screen == screen.name {
                lines.append(InvariantCommand(.add(invariant.condition, when: invariant.when)))
            }
            guard screen === current || !lines.isEmpty else { continue }
            commands += [UseCommand(screen: screen.name)] + lines
        }
        return commands.map(CommandWriter.line(for:))
    }

    /// Recording started, to the file at `path`.
    package struct Started: AcknowledgedChange {
        package var path: String

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("path", path)
        }

        package var humanText: String { Messages.recording(to: path) }
    }

    /// Recording stopped, with how many commands the file holds.
    package struct Stopped: AcknowledgedChange {
        package var path: String
        package var commands: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("path", path)
            line.field("commands", commands)
        }

        package var humanText: String { Messages.recorded(commands, to: path) }
    }
}
