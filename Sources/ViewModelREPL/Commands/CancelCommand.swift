/// `cancel`: cancel the load in flight; the screen goes back to what it showed before.
package struct CancelCommand: ReplCommand {
    package static let spec = CommandSpec(
        CancelCommand.self, name: "cancel", usage: "cancel", summary: "cancel the load in flight; the screen goes back to what it showed before",
        needsScreen: true, tool: .init("Cancel the load", returns: "the state as it was before the load"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let (screen, loader) = try evaluator.requireLoader()
        loader.cancelLoad()
        screen.stateMayHaveChanged()
        return try evaluator.stateReply(screen)
    }
}
