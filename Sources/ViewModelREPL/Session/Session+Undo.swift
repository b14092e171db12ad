#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Session {
    /// Serves `undo`: replays the steps before the last `undo.steps` in a fresh worker process
    /// (``WorkerProgress/Role/resume``), quietly, comparing each reply with the one recorded; the
    /// worker, once its replay repeated every step, answers the `undo` and every line after it.
    /// An error, and the session as it was, when the worker could not start or a step did not repeat.
    func serve(_ undo: UndoRequest) async -> Result<WorkerProcess, ReplError> {
        guard let launch = workerLaunch else { return .failure(ReplError(.undoNotHere)) }
        let steps = SessionHistory.before(undoing: undo.steps, of: evaluator.history.steps)
        // Its lines come after every line owed: they are all written before it starts.
        flush()
        var plan = ResumePlan(
            steps: steps.map(ResumePlan.Step.init), seq: output.nextSeq, line: undo.tag.line,
            id: undo.tag.id.map(JSONWriter.string))
        (plan.errors, plan.failedExpectations) = (accounting.errorCount, accounting.failedExpectations)
        switch plan.environment() {
        case .success(let made):
            // Read by the worker before it says anything; gone on every path.
            defer { _ = unlink(made.file) }
            return await serve(undo, plan: plan, launch: launch, environment: made.variables, steps: steps)
        case .failure(let failure): return .failure(ReplError(.undoFailed(reason: failure.reason)))
        }
    }

    /// Serves `undo` at a terminal: the keeper replays the steps before in a fresh worker, which
    /// answers; this process then ends. An error, and the session as it was, when it could not.
    func serve(_ undo: UndoRequest, keptBy keeper: KeeperLink) -> Reply {
        flush()
        switch keeper.undo(undo.steps, line: undo.tag.line, seq: output.nextSeq) {
        case .gone:
            // The fresh worker answers on this terminal from here on; nothing here is owed.
            _exit(0)
        case .diverged(let divergence):
            let steps = SessionHistory.before(undoing: undo.steps, of: evaluator.history.steps)
            return .error(ReplError(Self.diverged(divergence, of: steps)))
        case .failed(let reason):
            return .error(ReplError(.undoFailed(reason: reason)))
        }
    }

    private func serve(
        _ undo: UndoRequest, plan: ResumePlan, launch: WorkerLaunch, environment: [String: String], steps: [SessionHistory.Step]
    ) async -> Result<WorkerProcess, ReplError> {
        let worker: WorkerProcess
        do {
            worker = try WorkerProcess(
                executable: launch.executable, arguments: launch.arguments,
                environment: environment.merging(workerEnvironment) { $1 }.merging([WorkerProgress.roleVariable: WorkerProgress.Role.resume.rawValue]) { $1 },
                output: protocolDescriptor, errors: .passedOn)
        } catch {
            return .failure(ReplError(.undoFailed(reason: error.reason)))
        }
        switch worker.replayOutcome() {
        case .ready:
            return .success(worker)
        case .diverged(let divergence):
            return .failure(ReplError(Self.diverged(divergence, of: steps)))
        case .ended(let ending):
            return .failure(ReplError(.undoFailed(reason: Messages.workerEnded(ending == .exited(0) ? nil : "\(ending)"))))
        }
    }
}

extension Session {
    /// The error saying a replay of `steps` stopped repeating where `divergence` says.
    static func diverged(_ divergence: Divergence, of steps: [SessionHistory.Step]) -> ReplError.Reason {
        let step = steps.dropFirst(max(0, divergence.step - 1)).first
        return .undoDiverged(step: divergence.step, command: step?.text ?? "", line: step?.line ?? 0, difference: divergence.difference)
    }

    /// The first path where `reply`'s state differs from `state`, the state its step showed the
    /// first time, in words; `nil` where that state was not kept.
    static func difference(from state: [UInt8]?, to reply: Reply) -> String? {
        guard let state, let was = try? JSONParser.parse(String(decoding: state, as: UTF8.self), maximumDepth: JSONLineBuilder.maximumStateDepth)
        else { return nil }
        guard case .state(let snapshot) = reply else { return Messages.replyNotAState }
        guard let now = try? JSONParser.parse(String(decoding: snapshot.json, as: UTF8.self), maximumDepth: JSONLineBuilder.maximumStateDepth),
            let first = JSONPatch.differences(from: was, to: now).first
        else { return nil }
        return Messages.fromDifference(path: first.statePath(after: "state"), was: first.old, now: first.new)
    }
}

extension Session {
    /// In a worker `undo` started: replays `plan`'s steps quietly, each compared with the reply it
    /// had the first time, then answers the `undo` with the state there, as `use` gives it, and
    /// goes on from the `seq` owed. Whether every step repeated; when one did not, the worker says
    /// which (``WorkerProgress/diverged(_:)``) and writes nothing.
    ///
    /// `beforeAnswering` is called once every step repeated, before the answer is written (a
    /// terminal's worker waits there until the one it replaces has let go of the terminal).
    func replay(_ plan: ResumePlan, beforeAnswering: () -> Void = {}) async -> Bool {
        let progress = WorkerProgress()
        output.isQuiet = true
        // A trap while replaying answers nothing: the session that asked answers the undo.
        let answered = EmergencyFlush.answersCrashes
        EmergencyFlush.answerCrashes(false)
        defer { EmergencyFlush.answerCrashes(answered) }
        for (index, step) in plan.steps.enumerated() {
            if step.trapped {
                evaluator.history.markTrapped(step.text, line: step.line)
                continue
            }
            let reply = await handle(line: step.text, number: step.line)
            guard let reply, ReplyDigest.of(reply) == step.digest else {
                progress.diverged(Divergence(step: index + 1, difference: reply.flatMap { Self.difference(from: step.state, to: $0) }))
                return false
            }
        }
        output.isQuiet = false
        output.resume(at: plan.seq)
        accounting.resume(errors: plan.errors, failedExpectations: plan.failedExpectations)
        progress.ready()
        beforeAnswering()
        let tag = RequestTag(line: plan.line, id: plan.id.flatMap { try? JSONParser.parse($0) })
        var reply = Reply.ok(Acknowledgement(UndoCommand.spec.name))
        if let screen = evaluator.current, let state = try? evaluator.stateReply(screen) { reply = state }
        output.emit(reply, tag: tag, push: false)
        return true
    }
}

extension Session {
    /// Whether the session keeps its steps for going back in this process (``steppedBack(_:)``), as
    /// a Swift test's ``ScreenTest``-like driver does; a pipe, MCP or terminal session keeps them
    /// for its workers anyway.
    package var keepsSteps: Bool {
        get { evaluator.history.isKept }
        set { evaluator.history.isKept = newValue || workerLaunch != nil || keeper != nil }
    }

    /// The line of the last step kept, if any.
    package var lastStepLine: Int? { evaluator.history.steps.last?.line }

    /// How many steps are kept, those that trapped not counted.
    package var stepCount: Int { evaluator.history.count }

    /// A fresh session in this process at the step before the last `count`: the steps before them
    /// replayed on it quietly, each compared with what it did the first time, writing to this
    /// session's output from here on. The process's own state (the app's globals) is not taken
    /// back: a worker process is for that (``serve(_:)``). An error, and this session as it was,
    /// when there are not `count` steps or one did not repeat.
    package func steppedBack(_ count: Int) async -> Result<Session, ReplError> {
        guard evaluator.history.isKept, count >= 1 else { return .failure(ReplError(.undoNotHere)) }
        guard count <= evaluator.history.count else { return .failure(ReplError(.nothingToUndo(asked: count, steps: evaluator.history.count))) }
        let steps = SessionHistory.before(undoing: count, of: evaluator.history.steps)
        flush()
        let fresh = Session(registry: registry, options: evaluator.options, output: output)
        fresh.keepsSteps = true
        output.isQuiet = true
        defer { output.isQuiet = false }
        for (index, step) in steps.enumerated() {
            if step.trapped {
                fresh.evaluator.history.markTrapped(step.text, line: step.line)
                continue
            }
            let reply = await fresh.handle(line: step.text, number: step.line)
            guard let reply, ReplyDigest.of(reply) == step.digest else {
                return .failure(ReplError(.undoDiverged(step: index + 1, command: step.text, line: step.line, difference: nil)))
            }
        }
        return .success(fresh)
    }
}
