/// `retry`: run the last load again.
package struct RetryCommand: ReplCommand {
    package static let spec = CommandSpec(
        RetryCommand.self, name: "retry", usage: "retry", summary: "run the last load again", needsScreen: true,
        tool: .init("Retry the last load", returns: "the states the load went through"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let (screen, loader) = try evaluator.requireLoader()
        guard loader.retry() else { throw ReplError(.nothingToRetry(screen: screen.name)) }
        screen.stateMayHaveChanged()
        screen.pushTag = tag
        return try evaluator.stateReply(screen)
    }
}
