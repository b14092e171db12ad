/// One session over the registered screens: a line goes in, is parsed, evaluated, and its reply
/// and any state pushed later come out, as values, through one ordered stream (``SessionOutput``)
/// to a consumer.
///
/// Every front end (pipes, a terminal, scripts, transcripts, MCP, the fuzzer, Swift tests) drives a
/// session the same way; they differ only in where lines come from, what they do between them
/// (see ``SessionLoop``), and the ``OutputConsumer`` that shows the values.
///
/// ## What a front end can rely on
///
/// - **One reply per line.** Every line handed to ``handle(line:number:)`` (or rejected with
///   ``reject(_:line:)``) gets exactly one value with `push == false` tagged with its line number
///   (and `id`), except a blank line or a comment, which gets none.
/// - **Pushes after their cause.** A value with `push == true` (a state a load pushed, a `change` of
///   a watched path, a broken invariant, a note) carries the tag of the request that caused it and
///   comes after that request's reply.
/// - **Order.** Values reach the consumer in the order of their `seq`, which counts every value from
///   0 without gaps; a `change` comes just before the state value that shows it; the invariants a
///   reply or a push broke come just after it.
/// - **Settings.** `set states` and `set output` take effect for the values after their reply.
/// - **The end.** ``finish()`` lets the work in flight end (cancelling what outlives the timeout),
///   writes every push it owes, then flushes; nothing is written after it.
///
/// `SessionContractTests` checks every front end against this list.
@MainActor
package final class Session {
    package let evaluator: Evaluator
    package let accounting = SessionAccounting()
    /// The stream every value goes through.
    package let output: SessionOutput
    private let pushes: PushTracker
    let registry: ScreenRegistry

    /// Creates a session writing to `consumer`, with the output settings `options` give.
    /// - Parameter defersWatches: Set by a session that hands lines over in batches and calls ``armWatches()`` after each.
    package convenience init(registry: ScreenRegistry, options: Evaluator.Options, consumer: any OutputConsumer, defersWatches: Bool = false) {
        self.init(registry: registry, options: options, output: SessionOutput(consumer: consumer, settings: options.output), defersWatches: defersWatches)
    }

    /// Creates a session writing to `output`, a stream it may share with the sessions before it.
    package init(registry: ScreenRegistry, options: Evaluator.Options, output: SessionOutput, defersWatches: Bool = false) {
        self.registry = registry
        self.output = output
        pushes = PushTracker()
        pushes.defersWatches = defersWatches
        let watches = WatchTracker()
        evaluator = Evaluator(registry: registry, options: options, pushes: pushes, watches: watches)
        pushes.deliver = { [unowned self] in self.emitPushes() }
        pushes.flushOutput = { [unowned self] in self.output.flush() }
        output.trace?.readClock = { [weak evaluator] in evaluator?.time.manualClock?.now.offset }
    }

    /// The time the session runs on now.
    package var clockMode: ClockMode { evaluator.time.mode }

    /// Whether `quit` was received.
    package var quitRequested: Bool { evaluator.quitRequested }
    /// How to start the worker that serves `undo`, and the descriptor it writes protocol lines to;
    /// `nil` where `undo` is not served (steps are then not kept either).
    package var workerLaunch: WorkerLaunch? {
        didSet { evaluator.history.isKept = workerLaunch != nil || keeper != nil }
    }
    package var protocolDescriptor: Int32?
    /// Variables the worker `undo` starts gets besides its plan (an MCP session's state).
    package var workerEnvironment: [String: String] = [:]
    /// The process keeping this terminal session (``TerminalKeeper``): told each command and step,
    /// it serves `undo`, and carries the session on after a trap.
    package var keeper: KeeperLink? {
        didSet { evaluator.history.isKept = workerLaunch != nil || keeper != nil }
    }
    /// The worker that answers from the `undo` it served on, once there is one: this session ends there.
    package internal(set) var handedOver: WorkerProcess?

    /// Whether the reader of the output went away.
    package var isClosed: Bool { output.isClosed }

    /// Writes the `ready` reply: protocol version, screens and clock.
    package func start() {
        output.emit(.ready(screens: registry.names, clock: clockMode), tag: nil, push: false)
    }

    /// Shows the current screen's state, as `use` gives it, answering no request (a session
    /// opened at a step of a trace); nothing when no screen is open.
    package func showState() {
        guard let screen = evaluator.current, let state = try? evaluator.stateReply(screen) else { return }
        output.emit(state, tag: nil, push: false)
    }

    /// What handling a line without suspending came to.
    package enum Immediate {
        /// Handled: its reply (`nil` for a blank line or a comment), and whether a load it started
        /// must settle (``settle()``) before the next line.
        case handled(Reply?, settle: Bool)
        /// It waits on time (`wait`, `advance`, `sleep`, `quit`): ``handle(_:text:number:)`` runs it.
        case takesTime(ParsedCommand)
    }

    /// Handles one line of text; `number` is its 1-based line number.
    @discardableResult
    package func handle(line: String, number: Int) async -> Reply? {
        switch handleImmediately(line: line, number: number) {
        case .handled(let reply, let settle):
            if settle { await self.settle() }
            return reply
        case .takesTime(let parsed):
            return await handle(parsed, text: line, number: number)
        }
    }

    /// Handles a line that needs no time to pass without suspending, which is most lines: the
    /// per-line path, kept free of the cost of an asynchronous call.
    package func handleImmediately(line: String, number: Int) -> Immediate {
        emitPushes()
        let parsed: ParsedCommand?
        do {
            parsed = try CommandParser.parse(line)
        } catch {
            output.trace?.request(line, tag: RequestTag(line: number, id: error.id))
            reject(error, line: number)
            return .handled(.error(error), settle: false)
        }
        guard let parsed else { return .handled(nil, settle: false) }
        guard let reply = replyNow(parsed, text: line, number: number) else { return .takesTime(parsed) }
        return .handled(reply, settle: evaluator.time.needsSettling)
    }

    /// Evaluates and replies to a command that needs no time to pass; `nil`, doing nothing, for
    /// one that does.
    private func replyNow(_ parsed: ParsedCommand, text line: String, number: Int) -> Reply? {
        if parsed.spec.takesTime { return nil }
        let tag = RequestTag(line: number, id: parsed.id)
        EmergencyFlush.noteRequest(tag)
        keeper?.trying(line, line: number, seq: output.nextSeq)
        let reply = evaluator.evaluateNow(parsed, tag: tag)
        self.reply(parsed, reply, text: line, tag: tag)
        return reply
    }

    /// Handles a command given as a value (explore's steps) as if its line had been read.
    package func handle(_ command: any ReplCommand, number: Int) async -> Reply {
        emitPushes()
        let (parsed, line) = CommandWriter.written(command)
        guard let reply = replyNow(parsed, text: line, number: number) else { return await handle(parsed, text: line, number: number) }
        if evaluator.time.needsSettling { await settle() }
        return reply
    }

    /// On virtual time, lets the loads a line started run until they sleep on the clock or end.
    package func settle() async {
        await evaluator.time.settle()
    }

    /// Handles one request already read as JSON (an MCP tool call); `number` tags its lines.
    @discardableResult
    package func handle(request: JSONValue, number: Int) async -> Reply {
        emitPushes()
        let parsed: ParsedCommand
        do {
            parsed = try JSONRequestParser.parse(request: request)
        } catch {
            reject(error, line: number)
            return .error(error)
        }
        return await handle(parsed, text: JSONWriter.string(request), number: number)
    }

    /// Evaluates a parsed request, replies, checks what watches and invariants it touched, and
    /// lets what it started settle; `text` is what a recording saves.
    package func handle(_ parsed: ParsedCommand, text line: String, number: Int) async -> Reply {
        let tag = RequestTag(line: number, id: parsed.id)
        EmergencyFlush.noteRequest(tag)
        keeper?.trying(line, line: number, seq: output.nextSeq)
        var reply = await evaluator.evaluate(parsed, tag: tag)
        if let undo = evaluator.undoRequested, let keeper {
            evaluator.undoRequested = nil
            reply = serve(undo, keptBy: keeper)
        } else if let undo = evaluator.undoRequested {
            evaluator.undoRequested = nil
            switch await serve(undo) {
            // The worker answers it, and every line after it.
            case .success(let worker):
                handedOver = worker
                return reply
            case .failure(let error):
                reply = .error(error)
            }
        }
        self.reply(parsed, reply, text: line, tag: tag)
        await settle()
        return reply
    }

    /// Sends a reply, then checks the invariants and records the line.
    private func reply(_ parsed: ParsedCommand, _ reply: Reply, text line: String, tag: RequestTag) {
        output.trace?.request(line, tag: tag)
        send(reply, tag: tag)
        if evaluator.history.isKept, !parsed.spec.leavesNoStep {
            if case .error = reply {
            } else {
                evaluator.history.record(line, line: tag.line, reply: reply)
                if let keeper, let step = evaluator.history.steps.last { keeper.kept(step) }
            }
        }
        checkInvariants(tag: tag, cause: "'" + line + "'")
        if let recorder = evaluator.recorder { record(line, parsed.command, reply, into: recorder, tag: tag) }
    }

    /// Evaluates a parsed command that needs no time to pass, without suspending (for the fuzzer,
    /// which cannot wait for the main actor); `nil`, doing nothing, for one that takes time.
    @discardableResult
    package func handleNow(_ parsed: ParsedCommand, number: Int) -> Reply? {
        guard !parsed.spec.takesTime else { return nil }
        let tag = RequestTag(line: number, id: parsed.id)
        EmergencyFlush.noteRequest(tag)
        let reply = evaluator.evaluateNow(parsed, tag: tag)
        send(reply, tag: tag)
        return reply
    }

    /// Replies to a line that was rejected before it was evaluated (not UTF-8, too long, unparseable).
    package func reject(_ error: ReplError, line: Int) {
        emitPushes()
        send(.error(error), tag: RequestTag(line: line, id: error.id))
    }

    /// Writes a request's reply, after the changes of watched paths it shows.
    private func send(_ reply: Reply, tag: RequestTag) {
        accounting.count(reply)
        if !evaluator.watches.isEmpty {
            let shown: String?
            switch reply {
            case .state(let snapshot): shown = snapshot.screen
            case .recorded(let recorded): shown = recorded.screen
            default: shown = nil
            }
            if let shown, let screen = evaluator.screens[shown] { emitChanges(on: screen, tag: tag, push: false) }
        }
        for owed in pushes.takeOutputs() { output.emit(owed.reply, tag: owed.tag, push: false) }
        output.emit(reply, tag: tag, push: false)
    }

    /// Writes a `change` for every watched path of `screen` whose value is new.
    private func emitChanges(on screen: OpenScreen, tag: RequestTag?, push: Bool) {
        for change in evaluator.watches.changes(on: screen.name, root: { try? screen.root(for: $0) }) {
            output.emit(.change(change), tag: tag, push: push)
        }
    }

    /// Reports every invariant that broke, after the line that broke it, tagged with its request.
    private func checkInvariants(tag: RequestTag?, cause: @autoclosure () -> String) {
        // On the per-line path: nothing is built unless there are invariants.
        guard !evaluator.invariants.isEmpty else { return }
        let screens = evaluator.screens
        let changes = evaluator.invariants.check(
            version: { screens[$0]?.stateVersion },
            root: { name, path in screens[name].flatMap { try? $0.root(for: path) } })
        for broken in changes {
            let error = ReplError(
                .invariantViolated(broken.invariant.condition, invariant: broken.invariant.description, actual: broken.actual, cause: cause()))
            accounting.count(violation: error)
            output.emit(.error(error), tag: tag, push: true)
        }
    }

    /// Saves a handled line into the script being recorded (a failed one as a comment, a JSON
    /// request in the human form).
    /// A line that cannot be written (a full disk) ends the recording with an error line.
    private func record(_ line: String, _ command: any ReplCommand, _ reply: Reply, into recorder: ScriptRecorder, tag: RequestTag) {
        if command is RecordCommand { return }
        let written: Bool
        if case .error = reply {
            written = recorder.comment("failed: " + line)
        } else {
            // A JSON request (an MCP call, a driver's line) is saved as a person would type it.
            let isJSON = line.utf8.first { $0 != 0x20 && $0 != 0x09 } == UInt8(ascii: "{")
            written = recorder.record(isJSON ? CommandWriter.line(for: command) : line)
        }
        guard !written else { return }
        evaluator.recordingFailed()
        output.emit(.error(ReplError(.recordingFailed(path: recorder.path, commands: recorder.count))), tag: tag, push: true)
    }

    /// Finishes the loads in flight (cancelling those past the timeout) and writes every line owed.
    package func finish() async {
        await evaluator.finish()
        output.flush()
    }

    /// On virtual time, moves the clock until no load is in flight (or the default timeout has
    /// passed), writing the states they go through; a load still running is left running.
    package func runLoadsToEnd() async {
        await evaluator.runLoadsToEnd()
    }

    /// Ends the wait running now, as if it timed out (a client cancelled the request that waits).
    package func stopWaiting() {
        evaluator.time.stopWaiting()
    }

    /// The screens with a load in flight, by name.
    package var loadingScreens: [String] {
        evaluator.screens.values.filter(\.isLoading).map(\.name).sorted()
    }

    /// Cancels every load in flight and writes what they owe (Ctrl-C, SIGINT); `false` when none was.
    package func interrupt() -> Bool {
        !interruptLoads().isEmpty
    }

    /// As ``interrupt()``, naming the screens whose loads were cancelled (sorted; empty for none).
    package func interruptLoads() -> [String] {
        let cancelled = evaluator.cancelLoads()
        if !cancelled.isEmpty { emitPushes() }
        return cancelled
    }

    /// Writes the lines owed now: each push the trackers hand over, with the changes of watched
    /// paths a pushed state shows just before it and the invariants it broke just after.
    package func emitPushes() {
        for push in pushes.take() {
            guard case .state = push.reply, let screen = push.screen else {
                // An output is a result with its request's line, never a push.
                if case .output = push.reply {
                    output.emit(push.reply, tag: push.tag, push: false)
                    continue
                }
                output.emit(push.reply, tag: push.tag, push: true)
                continue
            }
            if !evaluator.watches.isEmpty { emitChanges(on: screen, tag: push.tag, push: true) }
            output.emit(push.reply, tag: push.tag, push: true)
            checkInvariants(tag: push.tag, cause: Messages.loadCause(line: push.tag?.line))
        }
    }

    /// Arms the state watches deferred during a batch of lines.
    package func armWatches() {
        pushes.armWatches()
    }

    /// Writes what is buffered.
    package func flush() {
        output.flush()
    }
}
