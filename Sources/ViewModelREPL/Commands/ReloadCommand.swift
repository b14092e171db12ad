/// `reload`: a load that keeps the last loaded value shown while it runs.
package struct ReloadCommand: ReplCommand {
    package static let spec = CommandSpec(
        ReloadCommand.self, name: "reload", usage: "reload", summary: "the same as load; the last loaded value stays shown while it runs", needsScreen: true,
        tool: .init("Reload", returns: "the states the reload went through, the last loaded value kept while it runs"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        try LoadCommand.start(in: evaluator, tag: tag, isReload: true)
    }
}
