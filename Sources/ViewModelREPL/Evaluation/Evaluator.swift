import ViewModelKit

/// Evaluates parsed commands against the registered screens and returns each one's reply as a value.
///
/// Everything happens on the main actor, in the order it happened. A rejected command changes
/// nothing. State changes a load makes later are pushed by the ``PushTracker``, tagged with the
/// request that started the load; time is moved by the ``TimeDriver``.
@MainActor
package final class Evaluator {
    /// How a session is set up.
    package struct Options: Sendable {
        package var clock: ClockMode
        package var seed: UInt64
        /// How long `wait` (and the end of input) waits by default.
        package var defaultTimeout: Duration
        /// On virtual time, how long (real time) work may run without sleeping on the virtual
        /// clock before a `log` line says it is waiting on something else.
        package var stallNotice: Duration
        /// How states and arguments are written.
        package var valueForms: ValueForms
        /// How the output looks at the start (`set states`, `set output` change it).
        package var output: OutputSettings
        /// The one folder files may be written in; `nil` for anywhere.
        package var files: FileSandbox?

        package init(
            clock: ClockMode = .virtual, seed: UInt64 = 0, defaultTimeout: Duration = .seconds(10), stallNotice: Duration = .seconds(1),
            valueForms: ValueForms = .readable, output: OutputSettings = OutputSettings(), files: FileSandbox? = nil
        ) {
            self.clock = clock
            self.seed = seed
            self.defaultTimeout = defaultTimeout
            self.stallNotice = stallNotice
            self.valueForms = valueForms
            self.output = output
            self.files = files
        }
    }

    let registry: ScreenRegistry
    let options: Options
    let pushes: PushTracker
    let time: TimeDriver
    let watches: WatchTracker
    let invariants = InvariantTracker()
    /// Where `record` writes the commands that follow.
    private(set) var recorder: ScriptRecorder?

    // Unchecked here and on the trackers' per-line fields: main actor only, and a dynamic
    // exclusivity check costs more than the access on the per-line path.
    @exclusivity(unchecked) var screens: [String: OpenScreen] = [:]
    @exclusivity(unchecked) var current: OpenScreen?
    /// `quit` was received.
    package private(set) var quitRequested = false

    init(registry: ScreenRegistry, options: Options, pushes: PushTracker, watches: WatchTracker) {
        self.registry = registry
        self.options = options
        self.pushes = pushes
        self.watches = watches
        self.time = TimeDriver(mode: options.clock, defaultTimeout: options.defaultTimeout, stallNotice: options.stallNotice, pushes: pushes)
        time.loadingCount = { [unowned self] in self.loadingCount }
        time.workStalled = { [unowned self] in self.reportStalledWork() }
    }

    /// Evaluates one command; `tag` is the request it came from.
    func evaluate(_ parsed: CommandParser.Parsed, tag: RequestTag) async -> Reply {
        do throws(ReplError) {
            switch parsed.command {
            case .wait(let condition, let timeout):
                return try await wait(until: condition, timeout: timeout ?? options.defaultTimeout, name: parsed.spec.name)
            case .advance(let duration):
                return .clock(now: try await time.advance(by: duration))
            case .sleep(let duration):
                pushes.armWatches()
                try? await Task.sleep(for: duration)
                return .ok(Acknowledgement(parsed.spec.name))
            case .quit:
                quitRequested = true
                return .ok(Acknowledgement(parsed.spec.name))
            default:
                return evaluateNow(parsed, tag: tag)
            }
        } catch {
            return .error(error)
        }
    }

    /// Evaluates a command that needs no time to pass, start to finish (never `wait`, `advance`,
    /// `sleep` or `quit`, which ``evaluate(_:tag:)`` runs).
    func evaluateNow(_ parsed: CommandParser.Parsed, tag: RequestTag) -> Reply {
        if parsed.spec.needsScreen, current == nil { return .error(ReplError(.noScreen(known: registry.names))) }
        return pushes.executing {
            // On virtual time the loads a command starts do their work on this thread (LoadJobQueue).
            if #available(macOS 15.0, *), time.mode == .virtual {
                return LoadJobQueue.shared.running { executeReplying(parsed, tag: tag) }
            }
            return executeReplying(parsed, tag: tag)
        }
    }

    private func executeReplying(_ parsed: CommandParser.Parsed, tag: RequestTag) -> Reply {
        do throws(ReplError) {
            return try execute(parsed.command, name: parsed.spec.name, tag: tag)
        } catch {
            return .error(error)
        }
    }

    /// The commands that run synchronously, start to finish.
    private func execute(_ command: Command, name: String, tag: RequestTag) throws(ReplError) -> Reply {
        switch command {
        case .screens: return screenList()
        case .use(let screen): return try use(screen, tag: tag)
        case .describe: return try describe()
        case .state(let focus): return try state(focus: focus)
        case .event(let event, let arguments): return try send(event, arguments, tag: tag)
        case .load: return try load(tag: tag)
        case .reload: return try load(tag: tag, isReload: true)
        case .retry: return try retry(tag: tag)
        case .cancel: return try cancel()
        case .mockState(let state): return try mock(state: state)
        case .mockFields(let fields): return try mock(fields: fields)
        case .write(let fields): return try write(fields, tag: tag)
        case .real: return try showReal()
        case .expect(let condition): return try expect(condition, name: name)
        case .help(let topic): return try help(topic)
        case .set(let setting): return try apply(setting, name: name)
        case .record(let path, let mode): return try startRecording(path, mode: mode, name: name)
        case .recordStop: return try stopRecording(name: name)
        case .stub(let dependency, let stub): return try self.stub(dependency, stub, name: name)
        case .unstub(let dependency): return try unstub(dependency, name: name)
        case .calls(let dependency): return try calls(dependency)
        case .invariant(let condition, let when):
            let invariant = InvariantTracker.Invariant(screen: try requireScreen().name, condition: condition, when: when)
            invariants.add(invariant)
            return .ok(Acknowledgement(name, change: .invariantAdded(invariant.description, count: invariants.count)))
        case .invariantClear:
            invariants.clear()
            return .ok(Acknowledgement(name, change: .invariants([])))
        case .invariants:
            return .ok(Acknowledgement(name, change: .invariants(invariants.descriptions)))
        case .watch(let path): return try watch(path, name: name)
        case .unwatch(let path): return try unwatch(path, name: name)
        case .wait, .advance, .sleep, .quit:
            // The session runs these through evaluate(_:tag:); no line reaches here with one.
            preconditionFailure("\(name) takes time: evaluate(_:tag:) runs it")
        }
    }

    private func apply(_ setting: Command.Setting, name: String) throws(ReplError) -> Reply {
        switch setting {
        case .clock(let mode):
            guard screens.isEmpty else { throw ReplError(.clockAfterUse) }
            if mode != time.mode { time.use(mode) }
            return .ok(Acknowledgement(name, change: .clock(mode)))
        case .output(let style):
            // Only a terminal shows more than one form.
            guard options.output.mode != nil else { throw ReplError(.outputNeedsTerminal) }
            return .ok(Acknowledgement(name, change: .output(style)))
        case .states(let rendering):
            // The session's output applies it as this acknowledgement goes out, for the lines after it.
            return .ok(Acknowledgement(name, change: .states(rendering)))
        }
    }

    private func startRecording(_ path: String, mode: RecordMode, name: String) throws(ReplError) -> Reply {
        guard recorder == nil else { throw ReplError(.alreadyRecording) }
        recorder = try ScriptRecorder(path: path, sandbox: options.files, mode: mode, setup: setUpLines())
        return .ok(Acknowledgement(name, change: .recording(path: path)))
    }

    /// The commands that bring a fresh session to this one's screens: each open screen with stubs,
    /// invariants or a mocked state (by name), then the current one, each opened with `use` and
    /// given its mocked state, its stubs (oldest first, as many uses as are left) and its invariants.
    private func setUpLines() -> [String] {
        guard let current else { return [] }
        let declared = invariants.all
        var commands: [Command] = []
        for screen in screens.values.filter({ $0 !== current }).sorted(by: { $0.name < $1.name }) + [current] {
            var lines: [Command] = []
            if screen.host.kind == .preview, let state = try? screen.stateValue() { lines.append(.mockState(state)) }
            for dependency in screen.dependencies.dependencies {
                for stub in screen.dependencies.stubs(of: dependency.name).reversed() { lines.append(.stub(name: dependency.name, stub: stub)) }
            }
            for invariant in declared where invariant.screen == screen.name { lines.append(.invariant(invariant.condition, when: invariant.when)) }
            guard screen === current || !lines.isEmpty else { continue }
            commands += [.use(screen: screen.name)] + lines
        }
        return commands.map(CommandWriter.line(for:))
    }

    /// The recording could not be written to: it has ended.
    func recordingFailed() {
        recorder?.close()
        recorder = nil
    }

    private func stopRecording(name: String) throws(ReplError) -> Reply {
        guard let recorder else { throw ReplError(.notRecording) }
        recorder.close()
        self.recorder = nil
        return .ok(Acknowledgement(name, change: .recorded(path: recorder.path, commands: recorder.count)))
    }

    func requireScreen() throws(ReplError) -> OpenScreen {
        guard let current else { throw ReplError(.noScreen(known: registry.names)) }
        return current
    }

    /// The reply to `state`: always whole, and when `focus` is given, a part that must exist.
    private func state(focus: StatePath?) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        if let focus, focus.lookup(in: try screen.root(for: focus)) == nil {
            var known: [String] = []
            if case .object(let members) = try screen.stateValue() { known = members.map(\.key) }
            throw ReplError(.nothingAt(focus.description, screen: screen.name, known: known))
        }
        return try stateReply(screen, whole: true, focus: focus)
    }

    /// A screen's whole state as a reply; the screen is then owed no push for what it shows.
    func stateReply(_ screen: OpenScreen, whole: Bool = false, focus: StatePath? = nil) throws(ReplError) -> Reply {
        var snapshot = try screen.snapshot()
        snapshot.isWhole = whole
        snapshot.focus = focus
        pushes.shown(screen)
        return .state(snapshot)
    }
}
