/// `unwatch [PATH]`: stop watching PATH, or every path of this screen.
package struct UnwatchCommand: ReplCommand {
    package static let spec = CommandSpec(
        UnwatchCommand.self, name: "unwatch", usage: "unwatch [PATH]", summary: "stop watching PATH, or every path of this screen",
        members: [.positional(.path, .path, required: false)], needsScreen: true,
        tool: .init("Stop watching", returns: "the path no longer watched and how many are left"))

    /// `nil` for every path.
    package var path: StatePath?

    package init(_ path: StatePath?) {
        self.path = path
    }

    package init(_ members: CommandMembers) {
        path = members.path(.path)
    }

    package var members: CommandMembers { CommandMembers((.path, path.map(CommandMembers.MemberValue.path))) }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        let watches = evaluator.watches
        if watches.remove(path, on: screen.name) == 0, let path { throw ReplError(.notWatched(path.description)) }
        return .ok(
            Acknowledgement(Self.spec.name, change: Unwatched(screen: screen.name, path: path?.description, count: watches.count(on: screen.name))))
    }

    /// The path no longer watched (`nil` for every path), and how many are left.
    package struct Unwatched: AcknowledgedChange {
        package var screen: String
        package var path: String?
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
            if let path { line.field("unwatch", path) }
            line.field("count", count)
        }

        package var humanText: String { Messages.unwatched(path, on: screen, count: count) }
    }
}
