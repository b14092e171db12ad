/// `watch [PATH]`: report each change of the value at PATH on this screen; alone, list the watched paths.
package struct WatchCommand: ReplCommand {
    package static let spec = CommandSpec(
        WatchCommand.self, name: "watch", usage: "watch [PATH]",
        summary: "report each change of the value at PATH on this screen as a change line, whatever caused it; alone, list the watched paths",
        members: [.positional(.path, .path, required: false)], needsScreen: true,
        tool: .init(
            "Watch a path",
            returns: "the path watched and how many are (no path: the list); each later change comes as a change line in the call that caused it",
            example: #"{"path":"message"}"#))

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
        guard let path else { return .ok(Acknowledgement(Self.spec.name, change: Listed(screen: screen.name, paths: watches.paths(of: screen.name)))) }
        _ = watches.add(path, on: screen.name, current: path.lookup(in: try screen.root(for: path)))
        return .ok(Acknowledgement(Self.spec.name, change: Watched(screen: screen.name, path: path.description, count: watches.count(on: screen.name))))
    }

    /// The path watched now (whether or not it was already), and how many the screen has.
    package struct Watched: AcknowledgedChange {
        package var screen: String
        package var path: String
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
            line.field("watch", path)
            line.field("count", count)
        }

        package var humanText: String { Messages.watched(path, on: screen, count: count) }
    }

    /// The paths watched on a screen, after `watch` alone.
    package struct Listed: AcknowledgedChange {
        package var screen: String
        package var paths: [String]

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
            line.field("watches", .array(paths.map(JSONValue.string)))
        }

        package var humanText: String { Messages.watches(paths, on: screen) }
    }
}
