import ViewModelKit

/// Runs commands against the registered screens and writes every result and state change as a JSON line.
///
/// Everything happens on the main actor, in the order it happened: replies, and the state changes a
/// load pushes later, tagged with the request that started it. Each request gets exactly one reply;
/// a rejected request changes nothing.
@MainActor
package final class Interpreter {
    /// How a session is set up.
    package struct Options: Sendable {
        package var clock: ClockMode
        package var seed: UInt64
        /// How long `wait` (and the end of input) waits by default.
        package var defaultTimeout: Duration

        package init(clock: ClockMode = .virtual, seed: UInt64 = 0, defaultTimeout: Duration = .seconds(10)) {
            self.clock = clock
            self.seed = seed
            self.defaultTimeout = defaultTimeout
        }
    }

    /// The protocol version the `ready` line announces.
    package static let protocolVersion = 1

    let registry: ScreenRegistry
    let output: OutputChannel
    let options: Options
    /// The virtual clock, when the session runs on virtual time.
    private(set) var manualClock: ManualClock?
    private(set) var clock: any Clock<Duration>
    /// Applies `set output=…`; only a terminal session sets it.
    package var outputStyleHandler: ((JSONHighlighter.Style) -> Void)?
    /// Where `record` writes the commands that follow.
    var recorder: ScriptRecorder?

    var screens: [String: OpenScreen] = [:]
    var current: OpenScreen?
    /// Screens whose state changed outside a command, in the order they changed.
    var dirtyScreens: [OpenScreen] = []
    /// Re-arming a watch after every line costs as much as a third of a request; a session that
    /// hands lines over in batches defers it and calls ``armWatches()`` after each batch.
    package var deferWatches = false
    /// Screens whose watch is deferred.
    var unwatched: [OpenScreen] = []
    /// A command is running synchronously: its own state changes go into its reply.
    var isExecuting = false
    var isPushScheduled = false
    /// Tasks suspended until something happens (a state change, a sleeper on the clock).
    var pokeWaiters: [CheckedContinuation<Void, Never>] = []

    /// How many requests got an error reply.
    package private(set) var errorCount = 0
    /// How many `expect` commands failed.
    package private(set) var failedExpectations = 0
    /// The last error reply and the request it answered.
    package private(set) var lastError: (error: ReplError, tag: RequestTag)?
    /// `quit` was received.
    package private(set) var quitRequested = false

    package init(registry: ScreenRegistry, output: OutputChannel, options: Options = Options()) {
        self.registry = registry
        self.output = output
        self.options = options
        manualClock = nil
        clock = ContinuousClock()
        useClock(options.clock)
    }

    /// The time the session runs on now.
    package var clockMode: ClockMode { manualClock == nil ? .real : .virtual }

    private func useClock(_ mode: ClockMode) {
        switch mode {
        case .virtual:
            let manual = ManualClock()
            manualClock = manual
            clock = manual
            // Weak at both levels: a strong capture here would keep the interpreter and its screens alive forever.
            manual.onSleep { [weak self] in
                Task { @MainActor [weak self] in self?.poke() }
            }
        case .real:
            manualClock = nil
            clock = ContinuousClock()
        }
    }

    /// Writes the `ready` line: protocol version, screens and clock.
    package func start() {
        output.begin("ready", tag: nil)
        output.field("protocol", "vmrepl")
        output.field("version", Self.protocolVersion)
        output.field("screens", .array(registry.names.map(JSONValue.string)))
        output.field("clock", clockMode.rawValue)
        output.end()
    }

    /// Handles one input line; `number` is its 1-based line number.
    package func handle(line: String, number: Int) async {
        emitPushes()
        let parsed: CommandParser.Parsed?
        do {
            parsed = try CommandParser.parse(line)
        } catch {
            reply(error: error, tag: RequestTag(line: number))
            return
        }
        guard let parsed else { return }
        let errorsBefore = errorCount
        await run(parsed.command, tag: RequestTag(line: number, id: parsed.id))
        if let recorder {
            switch parsed.command {
            case .record, .recordStop: break
            default:
                if errorCount == errorsBefore { recorder.record(line) } else { recorder.comment("failed: " + line) }
            }
        }
        await settleQuietly()
    }

    /// Replies to a line that was rejected before parsing (not UTF-8, too long, a control character).
    package func reject(_ error: ReplError, line: Int) {
        emitPushes()
        reply(error: error, tag: RequestTag(line: line))
    }

    /// Runs one command and writes its reply.
    package func run(_ command: Command, tag: RequestTag) async {
        do {
            switch command {
            case .wait(let condition, let timeout):
                try await wait(until: condition, timeout: timeout ?? options.defaultTimeout, tag: tag)
            case .advance(let duration):
                try await advance(by: duration, tag: tag)
            case .sleep(let duration):
                armWatches()
                try? await Task.sleep(for: duration)
                replyOK("sleep", tag: tag)
            case .quit:
                quitRequested = true
                replyOK("quit", tag: tag)
            default:
                runSynchronously(command, tag: tag)
            }
        } catch {
            reply(error: error, tag: tag)
        }
    }

    /// Runs a command that needs no time to pass, start to finish, and writes its reply.
    package func runSynchronously(_ command: Command, tag: RequestTag) {
        isExecuting = true
        defer {
            isExecuting = false
            if !dirtyScreens.isEmpty { schedulePushes() }
        }
        do {
            try execute(command, tag: tag)
        } catch {
            reply(error: error, tag: tag)
        }
    }

    /// The commands that run synchronously, start to finish.
    private func execute(_ command: Command, tag: RequestTag) throws(ReplError) {
        switch command {
        case .screens: replyScreens(tag: tag)
        case .use(let name): try use(name, tag: tag)
        case .describe: try describe(tag: tag)
        case .state: try replyState(of: try requireScreen(), tag: tag)
        case .event(let name, let arguments): try sendEvent(name, arguments, tag: tag)
        case .load, .reload: try load(tag: tag)
        case .retry: try retry(tag: tag)
        case .cancel: try cancel(tag: tag)
        case .mockState(let state): try mock(state: state, tag: tag)
        case .mockFields(let fields): try mock(fields: fields, tag: tag)
        case .real: try showReal(tag: tag)
        case .expect(let condition): try expect(condition, tag: tag)
        case .help(let topic): try help(topic, tag: tag)
        case .set(let setting): try apply(setting, tag: tag)
        case .record(let path): try startRecording(path, tag: tag)
        case .recordStop: try stopRecording(tag: tag)
        case .wait, .advance, .sleep, .quit: break
        }
    }

    private func apply(_ setting: Command.Setting, tag: RequestTag) throws(ReplError) {
        switch setting {
        case .clock(let mode):
            guard screens.isEmpty else { throw ReplError(.badArguments, Messages.clockAfterUse) }
            if mode != clockMode { useClock(mode) }
            output.begin("ok", tag: tag)
            output.field("cmd", "set")
            output.field("clock", mode.rawValue)
            output.end()
        case .output(let style):
            guard let outputStyleHandler else { throw ReplError(.badArguments, Messages.outputNeedsTerminal) }
            outputStyleHandler(style)
            output.begin("ok", tag: tag)
            output.field("cmd", "set")
            output.field("output", style.rawValue)
            output.end()
        }
    }

    private func startRecording(_ path: String, tag: RequestTag) throws(ReplError) {
        guard recorder == nil else { throw ReplError(.badArguments, Messages.alreadyRecording) }
        recorder = try ScriptRecorder(path: path)
        output.begin("ok", tag: tag)
        output.field("cmd", "record")
        output.field("path", path)
        output.end()
    }

    private func stopRecording(tag: RequestTag) throws(ReplError) {
        guard let recorder else { throw ReplError(.badArguments, Messages.notRecording) }
        recorder.close()
        self.recorder = nil
        output.begin("ok", tag: tag)
        output.field("cmd", "record")
        output.field("path", recorder.path)
        output.field("commands", recorder.count)
        output.end()
    }

    func requireScreen() throws(ReplError) -> OpenScreen {
        guard let current else { throw ReplError(.noScreen, Messages.noScreen(known: registry.names)) }
        return current
    }

    func countError(_ error: ReplError, tag: RequestTag) {
        lastError = (error, tag)
        errorCount += 1
        if error.code == .expectationFailed { failedExpectations += 1 }
    }
}
