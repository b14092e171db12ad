import ViewModelKit

/// What commands run against: the registered screens, the open ones, the clock and the trackers of
/// a session, with the steps commands share (the current screen, its state as a reply).
///
/// Each command's own work is its ``ReplCommand/run(in:tag:)``; ``evaluate(_:tag:)`` (in Commands)
/// runs one. Everything happens on the main actor, in the order it happened. A rejected command
/// changes nothing. State changes a load makes later are pushed by the ``PushTracker``, tagged with
/// the request that started the load; time is moved by the ``TimeDriver``.
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
    /// The events each screen sends only while a condition holds (`precondition`).
    let preconditions = PreconditionTable()
    /// The steps so far, where `undo` can be served.
    let history = SessionHistory()
    /// `undo` asked for, for the session to serve.
    var undoRequested: UndoRequest?
    /// Where `record` writes the commands that follow.
    var recorder: ScriptRecorder?

    // Unchecked here and on the trackers' per-line fields: main actor only, and a dynamic
    // exclusivity check costs more than the access on the per-line path.
    @exclusivity(unchecked) var screens: [String: OpenScreen] = [:]
    @exclusivity(unchecked) var current: OpenScreen?
    /// `quit` was received.
    package internal(set) var quitRequested = false

    init(registry: ScreenRegistry, options: Options, pushes: PushTracker, watches: WatchTracker) {
        self.registry = registry
        self.options = options
        self.pushes = pushes
        self.watches = watches
        self.time = TimeDriver(mode: options.clock, defaultTimeout: options.defaultTimeout, stallNotice: options.stallNotice, pushes: pushes)
        time.loadingCount = { [unowned self] in self.loadingCount }
        time.workStalled = { [unowned self] in self.reportStalledWork() }
        time.hostsClassesAsWritten = { [unowned self] in self.screens.values.contains { $0.asWritten != nil } }
        time.screensMetTimers = { [unowned self] in self.screens.values.contains { $0.asWritten?.hasMetTimers == true } }
        time.timersOfScreens = { [unowned self] in self.screens.values.sorted { $0.name < $1.name }.flatMap { $0.asWritten?.takeTimers() ?? [] } }
        time.workQuiesced = { [unowned self] in
            self.screens.values.reduce(false) { $1.asWritten?.setAsideObservers() == true || $0 }
        }
    }

    /// The recording could not be written to: it has ended.
    func recordingFailed() {
        recorder?.close()
        recorder = nil
    }

    /// The screen in use; without one, an error naming the screens there are.
    func requireScreen() throws(ReplError) -> OpenScreen {
        guard let current else { throw ReplError(.noScreen(known: registry.names)) }
        return current
    }

    /// A screen's whole state as a reply; the screen is then owed no push for what it shows.
    func stateReply(_ screen: OpenScreen, whole: Bool = false, focus: StatePath? = nil) throws(ReplError) -> Reply {
        var snapshot = try screen.snapshot(keepingBytes: true)
        snapshot.isWhole = whole
        snapshot.focus = focus
        pushes.shown(screen)
        return .state(snapshot)
    }
}
