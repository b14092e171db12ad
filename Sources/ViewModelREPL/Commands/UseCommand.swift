/// `use SCREEN`: open a screen with its real view model, or go back to one already open.
package struct UseCommand: ReplCommand {
    package static let spec = CommandSpec(
        UseCommand.self, name: "use", usage: "use SCREEN",
        summary: "open a screen with its real view model (a screen keeps its view models while the session lasts)",
        members: [.positional(.screen, .screen)], tool: .init("Open a screen", returns: "the screen's whole state", example: #"{"screen":"foo"}"#))

    package var screen: String

    package init(screen: String) {
        self.screen = screen
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        screen = try members.required(.screen)
    }

    package var members: CommandMembers { CommandMembers((.screen, .text(screen))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        guard let definition = evaluator.registry.definition(screen) else {
            throw ReplError(.unknownScreen(screen, known: evaluator.registry.names))
        }
        let open: OpenScreen
        if let already = evaluator.screens[screen] {
            open = already
        } else {
            let time = evaluator.time
            let options = evaluator.options
            let dependencies = DependencyTable(clock: time.clock, elapsed: time.elapsed())
            let context = ScreenContext(clock: time.clock, seed: Self.mix(options.seed, screen), dependencies: dependencies, valueForms: options.valueForms)
            guard let make = definition.make else {
                throw ReplError(.needsFactory(screen, declaration: definition.needsFactory ?? ""))
            }
            open = OpenScreen(host: make(context), dependencies: dependencies)
            evaluator.screens[screen] = open
            if let asWritten = open.asWritten {
                evaluator.pushes.poll(open)
                let pushes = evaluator.pushes
                asWritten.sendOutputs { [weak open, weak pushes] name, value in
                    guard let open, let pushes else { return }
                    open.noteOutput(name, value)
                    pushes.owe(output: .output(screen: open.name, name: name, value: value), from: open)
                }
                // Work the view model started as it was made is this command's.
                if asWritten.takeStartedWork() { open.pushTag = tag }
            }
        }
        evaluator.current = open
        return try evaluator.stateReply(open)
    }

    /// A per-screen seed, so opening screens in another order does not change their outcomes.
    private static func mix(_ seed: UInt64, _ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return seed ^ hash
    }
}
