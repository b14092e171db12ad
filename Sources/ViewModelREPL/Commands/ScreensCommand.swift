/// `screens`: the registered screens, and the one in use.
package struct ScreensCommand: ReplCommand {
    package static let spec = CommandSpec(
        ScreensCommand.self, name: "screens", usage: "screens", summary: "list the registered screens",
        leavesNoStep: true, tool: .init("List screens", returns: "the registered screens, each with a summary, and the one in use"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) -> Reply {
        .screens(evaluator.registry.definitions.map { ScreenSummary(name: $0.name, summary: $0.shownSummary) }, current: evaluator.current?.name)
    }
}
