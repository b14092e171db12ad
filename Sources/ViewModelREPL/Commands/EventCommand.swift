/// `event NAME [ARG=VALUE | VALUE]...`: send an event; in preview it is recorded, not handled.
package struct EventCommand: ReplCommand {
    package static let spec = CommandSpec(
        EventCommand.self, name: "event", usage: "event NAME [ARG=VALUE | VALUE]...", summary: "send an event; in preview it is recorded, not handled",
        members: [.positional(.name, .event), .rest(.args, .eventArguments)], needsScreen: true,
        tool: .init(
            "Send an event",
            returns:
                "the new state, or in preview that the event was recorded; on virtual time also every state a load it started went through. describe lists the open screen's events, each with the JSON Schema of its args",
            example: #"{"name":"select","args":{"id":3}}"#))

    package var name: String
    package var arguments: EventArguments

    package init(name: String, arguments: EventArguments = EventArguments()) {
        self.name = name
        self.arguments = arguments
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        name = try members.required(.name)
        arguments = members.arguments(.args)
    }

    package var members: CommandMembers { CommandMembers((.name, .text(name)), (.args, arguments == EventArguments() ? nil : .arguments(arguments))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        let catalog = screen.host.catalog
        guard let event = catalog.event(name) else {
            throw ReplError(.unknownEvent(name, screen: screen.name, known: catalog.names))
        }
        if let unsendable = event.arguments.first(where: { $0.unsendable != nil }) {
            throw ReplError(.eventDoesNotDecode(event: name, takes: event.arguments, reason: "\(unsendable.name): \(unsendable.unsendable ?? "")"))
        }
        let bound = try event.json(for: arguments)
        if !evaluator.preconditions.isEmpty, let unmet = try evaluator.preconditions.unmet(name, on: screen) {
            throw ReplError(.eventDisabled(name, precondition: unmet.condition, actual: unmet.actual))
        }
        let wasLoading = screen.isLoading
        let outcome: EventOutcome
        do {
            outcome = try screen.host.send(bound, asName: event.encodesAsString)
        } catch {
            throw ReplError(.eventDoesNotDecode(event: name, takes: event.arguments, reason: error.reason))
        }
        screen.stateMayHaveChanged()
        switch outcome {
        case .handled(let result):
            if screen.asWritten?.takeStartedWork() == true || (!wasLoading && screen.isLoading) { screen.pushTag = tag }
            let reply = try evaluator.stateReply(screen)
            guard let result, case .state(var snapshot) = reply else { return reply }
            snapshot.result = result
            return .state(snapshot)
        case .failed(let error):
            if screen.asWritten?.takeStartedWork() == true { screen.pushTag = tag }
            throw error
        case .recorded(let event, let count):
            return .recorded(RecordedEvent(screen: screen.name, model: screen.host.kind, event: event, count: count))
        }
    }
}
