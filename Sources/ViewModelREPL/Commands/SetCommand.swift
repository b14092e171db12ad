/// `set clock=… | set output=… | set states=…`: change a session setting.
package struct SetCommand: ReplCommand {
    package static let spec = CommandSpec(
        SetCommand.self, name: "set", usage: "set clock=virtual|real | set output=human|json|pretty | set states=full|diff",
        summary: "choose the time screens run on (before the first use), how a terminal shows lines, or whether state lines carry patches",
        members: [
            .named(.clock, .choice(ClockMode.allCases.map(\.rawValue))),
            .named(.output, .choice(OutputMode.allCases.map(\.rawValue))),
            .named(.states, .choice(StateRendering.allCases.map(\.rawValue))),
        ], tool: nil)

    /// A session setting `set` changes.
    package enum Setting: Equatable, Sendable {
        case clock(ClockMode)
        case output(OutputMode)
        case states(StateRendering)
    }

    package var setting: Setting

    package init(_ setting: Setting) {
        self.setting = setting
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        guard members.count == 1 else { throw ReplError(.usage(of: Self.spec)) }
        if let clock = members.text(.clock).flatMap(ClockMode.init(rawValue:)) {
            setting = .clock(clock)
        } else if let mode = members.text(.output).flatMap(OutputMode.init(rawValue:)) {
            setting = .output(mode)
        } else if let states = members.text(.states).flatMap(StateRendering.init(rawValue:)) {
            setting = .states(states)
        } else {
            throw ReplError(.usage(of: Self.spec))
        }
    }

    package var members: CommandMembers {
        switch setting {
        case .clock(let clock): CommandMembers((.clock, .text(clock.rawValue)))
        case .output(let mode): CommandMembers((.output, .text(mode.rawValue)))
        case .states(let states): CommandMembers((.states, .text(states.rawValue)))
        }
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let name = Self.spec.name
        switch setting {
        case .clock(let mode):
            guard evaluator.screens.isEmpty else { throw ReplError(.clockAfterUse) }
            if mode != evaluator.time.mode { evaluator.time.use(mode) }
            return .ok(Acknowledgement(name, change: Applied(setting: setting)))
        case .output(let style):
            // Only a terminal shows more than one form.
            guard evaluator.options.output.mode != nil else { throw ReplError(.outputNeedsTerminal) }
            return .ok(Acknowledgement(name, change: Applied(setting: .output(style))))
        case .states(let rendering):
            // The session's output applies it as this acknowledgement goes out, for the lines after it.
            return .ok(Acknowledgement(name, change: Applied(setting: .states(rendering))))
        }
    }

    /// The setting `set` made; the session's output applies `output` and `states` as this reply goes out.
    package struct Applied: AcknowledgedChange {
        package var setting: Setting

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            switch setting {
            case .clock(let mode): line.field("clock", mode.rawValue)
            case .output(let mode): line.field("output", mode.rawValue)
            case .states(let rendering): line.field("states", rendering.rawValue)
            }
        }

        package var humanText: String {
            switch setting {
            case .clock(let mode): Messages.setting("clock", is: mode.rawValue)
            case .output(let mode): Messages.setting("output", is: mode.rawValue)
            case .states(let rendering): Messages.setting("state lines", is: rendering.rawValue)
            }
        }
    }
}
