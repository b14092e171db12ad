/// `wait [until PATH OP VALUE] [timeout=DURATION]`: block until no load is in flight, or until a
/// condition holds.
package struct WaitCommand: TimedCommand {
    package static let spec = CommandSpec(
        WaitCommand.self, name: "wait", usage: "wait [until PATH OP VALUE] [timeout=DURATION]",
        summary: "block until no load is in flight, or until a condition holds (default timeout 10s)",
        members: [.keyword(.until, .condition), .named(.timeout, .duration)], takesTime: true,
        tool: .init(
            "Wait for loads or a condition", returns: "the state once nothing loads or the condition holds, with every state pushed since the last call",
            example: #"{"until":"isLoading == false","timeout":"5s"}"#))

    package var condition: StateCondition?
    /// `nil` for the session's default.
    package var timeout: Duration?

    package init(until condition: StateCondition? = nil, timeout: Duration? = nil) {
        self.condition = condition
        self.timeout = timeout
    }

    package init(_ members: CommandMembers) {
        condition = members.condition(.until)
        timeout = members.duration(.timeout)
    }

    package var members: CommandMembers {
        CommandMembers((.until, condition.map(CommandMembers.MemberValue.condition)), (.timeout, timeout.map(CommandMembers.MemberValue.duration)))
    }

    package func runOverTime(in evaluator: Evaluator, tag: RequestTag) async throws(ReplError) -> Reply {
        let timeout = timeout ?? evaluator.options.defaultTimeout
        let condition = condition
        let screen: OpenScreen? = condition == nil ? evaluator.current : try evaluator.requireScreen()
        let description = condition.map(\.text)
        let reached = try await evaluator.time.drive(timeout: timeout, advancing: true) { () throws(ReplError) -> Bool in
            guard let condition, let screen else { return evaluator.loadingCount == 0 && !evaluator.time.keepsWaiting }
            if ConditionCheck.holds(condition, in: try screen.root(for: condition.path)) { return true }
            if !evaluator.time.isAnythingPending {
                throw ReplError(.neverHolds(condition: description ?? ""))
            }
            return false
        }
        evaluator.pushes.emitPushes()
        guard reached else {
            let loading = evaluator.screens.values.filter(\.isLoading).map(\.name).sorted()
            throw ReplError(.timedOut(after: timeout, condition: description, loading: loading))
        }
        guard let screen else { return .ok(Acknowledgement(Self.spec.name)) }
        // What the session cannot own or move is named, never waited for in silence.
        let pending = evaluator.time.unownedWork()
        for note in pending { evaluator.pushes.log(.log(screen: screen.name, message: note), tag: tag) }
        let reply = try evaluator.stateReply(screen)
        guard !pending.isEmpty, case .state(var snapshot) = reply else { return reply }
        snapshot.pending = pending
        return .state(snapshot)
    }
}
