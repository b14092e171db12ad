/// `real`: swap back to the real view model, which kept its state.
package struct RealCommand: ReplCommand {
    package static let spec = CommandSpec(
        RealCommand.self, name: "real", usage: "real", summary: "swap back to the real view model, which kept its state", needsScreen: true,
        tool: .init("Back to the real view model", returns: "the real view model's state, kept while the preview was shown"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        screen.host.showReal()
        screen.stateMayHaveChanged()
        return try evaluator.stateReply(screen)
    }
}
