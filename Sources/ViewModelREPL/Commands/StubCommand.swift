/// `stub NAME value=JSON | error=TEXT | hang [delay=DURATION] [times=N]`: the next calls of the
/// screen's dependency NAME answer as told, newest first.
package struct StubCommand: ReplCommand {
    package static let spec = CommandSpec(
        StubCommand.self, name: "stub", usage: "stub NAME value=JSON | error=TEXT | hang [delay=DURATION] [times=N]",
        summary: "make the next calls of the screen's dependency NAME return a value, fail with a message or never return; newest first",
        members: [
            .positional(.name, .dependency), .named(.value, .json), .named(.error, .text), .keyword(.hang, .flag),
            .named(.delay, .duration), .named(.times, .json),
        ],
        needsScreen: true,
        tool: .init(
            "Stub a dependency", returns: "the stub added and how many the dependency has; describe lists them",
            example: #"{"name":"fetch","error":"offline","times":1}"#))

    /// The dependency's name.
    package var name: String
    package var stub: DependencyTable.Stub

    package init(name: String, stub: DependencyTable.Stub) {
        self.name = name
        self.stub = stub
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        let answers: [DependencyTable.Stub.Answer] = [
            members.json(.value).map { .value($0) }, members.text(.error).map { .error($0) }, members.flag(.hang) == true ? .hang : nil,
        ].compactMap { $0 }
        guard answers.count == 1 else { throw ReplError(.usage(of: Self.spec)) }
        var times: Int?
        if let count = members.json(.times) {
            guard case .int(let value) = count, value > 0 else {
                // A number out of range is named as given (`not 0`), anything else by its kind.
                let found: String =
                    switch count {
                    case .int, .double, .number: JSONWriter.string(count)
                    default: count.kind
                    }
                throw ReplError(.memberType(member: MemberKey.times.name, expected: "a whole number above 0", found: found))
            }
            times = value
        }
        stub = DependencyTable.Stub(answer: answers[0], delay: members.duration(.delay), times: times)
        name = try members.required(.name)
    }

    package var members: CommandMembers {
        var members = CommandMembers((.name, .text(name)))
        switch stub.answer {
        case .value(let value): members.add(.value, .json(value))
        case .error(let message): members.add(.error, .text(message))
        case .hang: members.add(.hang, .flag(true))
        }
        if let delay = stub.delay { members.add(.delay, .duration(delay)) }
        if let times = stub.times { members.add(.times, .json(.int(times))) }
        return members
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        try screen.dependencies.stub(name, stub)
        let count = screen.dependencies.stubs(of: name).count
        return .ok(Acknowledgement(Self.spec.name, change: Stubbed(screen: screen.name, dependency: name, stub: stub, count: count)))
    }

    /// The stub added, and how many the dependency has now: a reply says what changed, so a
    /// thousand stubs cost a thousand short replies, not a list each.
    package struct Stubbed: AcknowledgedChange {
        package var screen: String
        package var dependency: String
        package var stub: DependencyTable.Stub
        package var count: Int

        @MainActor package func writeMembers<Line: ProtocolLineTarget>(to line: Line) {
            line.field("screen", screen)
            line.field("dependency", dependency)
            line.field("stub", stub.json)
            line.field("count", count)
        }

        package var humanText: String { Messages.stubbed(dependency, JSONWriter.string(stub.json), count: count) }
    }
}
