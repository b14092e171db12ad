/// `load`: start a load, cancelling the one in flight; its states stream out as they happen.
package struct LoadCommand: ReplCommand {
    package static let spec = CommandSpec(
        LoadCommand.self, name: "load", usage: "load", summary: "start a load (cancelling the one in flight); its state changes stream out as they happen",
        needsScreen: true, tool: .init("Start a load", returns: "the loading state, then (on virtual time, in the same call) the loaded or failed state"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        try Self.start(in: evaluator, tag: tag, isReload: false)
    }

    /// Starts a load (or a reload, which keeps the last loaded value shown) on the current screen;
    /// what it changes later is pushed with `tag`.
    @MainActor static func start(in evaluator: Evaluator, tag: RequestTag, isReload: Bool) throws(ReplError) -> Reply {
        let (screen, loader) = try evaluator.requireLoader()
        loader.load(isReload: isReload)
        screen.stateMayHaveChanged()
        screen.pushTag = tag
        return try evaluator.stateReply(screen)
    }
}
