import ViewModelKit

/// Moves time for the session: the virtual clock from deadline to deadline, or real time.
///
/// On virtual time nothing sleeps for real: after each command the loads it started run until they
/// are asleep on the clock or done (``settle()``), and `advance`, `wait` and the end of input
/// move the clock only past sleeps that have really begun, so every run prints the same.
@MainActor
final class TimeDriver {
    /// The virtual clock, when the session runs on virtual time.
    private(set) var manualClock: ManualClock?
    /// The clock screens are made with.
    private(set) var clock: any Clock<Duration>
    private let pushes: PushTracker
    /// How long a settle may take before it is given up.
    private let defaultTimeout: Duration
    /// How many screens have a load in flight; set by the evaluator, which owns the screens.
    var loadingCount: @MainActor () -> Int = { 0 }
    /// Called once a wait on virtual time has seen work run for ``stallNotice`` of real time
    /// without sleeping on the virtual clock; set by the evaluator, which says so.
    var workStalled: @MainActor () -> Void = {}
    private let stallNotice: Duration
    /// Work in flight was seen waiting on something other than the virtual clock past
    /// ``stallNotice``, and that was said; cleared once every load is asleep on the clock or done.
    private var stalled = false
    /// Set by ``stopWaiting()`` to end the wait running now.
    private var stopped = false
    /// The real-time deadlines of the waits running now, by wait.
    private var realDeadlines: [Int: ContinuousClock.Instant] = [:]
    private var nextWaitID = 0
    /// The task that wakes the waits at the earliest deadline, and that deadline.
    private var watchdog: (task: Task<Void, Never>, target: ContinuousClock.Instant)?

    init(mode: ClockMode, defaultTimeout: Duration, stallNotice: Duration, pushes: PushTracker) {
        self.pushes = pushes
        self.defaultTimeout = defaultTimeout
        self.stallNotice = stallNotice
        manualClock = nil
        clock = ContinuousClock()
        use(mode)
    }

    /// Whether a watchdog task is asleep until a wait's real-time deadline.
    var isWatching: Bool { watchdog != nil }

    /// The time the session runs on now.
    var mode: ClockMode { manualClock == nil ? .real : .virtual }

    /// How much time has passed on the session's clock, for call records.
    func elapsed() -> @Sendable () -> Duration {
        if let manualClock { return { manualClock.now.offset } }
        let clock = ContinuousClock()
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Switches to `mode`'s clock; screens made before keep theirs.
    func use(_ mode: ClockMode) {
        switch mode {
        case .virtual:
            let manual = ManualClock()
            manualClock = manual
            clock = manual
            // Weak at both levels: a strong capture here would keep the session and its screens alive forever.
            manual.onSleep { [weak pushes] in
                // A load falling asleep in a job the session runs itself wakes nobody: the session
                // looks at the clock as soon as the job returns.
                if #available(macOS 15.0, *), LoadJobQueue.shared.isRunningOnThisThread { return }
                Task { @MainActor [weak pushes] in pushes?.poke() }
            }
        case .real:
            manualClock = nil
            clock = ContinuousClock()
        }
    }

    /// How far virtual time goes, in seconds: short of `Int64.max`, past which a `Duration` has no
    /// whole-seconds component to print.
    nonisolated static let endOfTime: Double = DurationText.limit

    /// The instant `duration` after `instant`; `nil` past the end of time, where adding would overflow.
    private static func instant(_ instant: ManualClock.Instant, after duration: Duration) -> ManualClock.Instant? {
        // In Duration's own exact arithmetic: at the end of time, a second more is past it.
        let end = Duration.seconds(Int64(endOfTime))
        guard instant.offset <= end, duration <= end - instant.offset else { return nil }
        return instant.advanced(by: duration)
    }

    /// Moves virtual time forward by `duration`, waking each sleeper at its deadline in turn; returns the new time.
    func advance(by duration: Duration) async throws(ReplError) -> Duration {
        guard let manualClock else { throw ReplError(.advanceNeedsVirtualTime) }
        guard let target = Self.instant(manualClock.now, after: duration) else { throw ReplError(.pastTheEndOfTime) }
        try await settleOrTimeOut()
        while let next = manualClock.nextDeadline, next <= target {
            manualClock.advance(to: next)
            try await settleOrTimeOut()
        }
        manualClock.advance(to: target)
        pushes.emitPushes()
        return manualClock.now.offset
    }

    /// Whether anything could still change a state: a load in flight, or a sleeper on the virtual clock.
    var isAnythingPending: Bool {
        loadingCount() > 0 || (manualClock?.sleeperCount ?? 0) > 0
    }

    /// Whether a load in flight on virtual time has yet to fall asleep on the clock.
    var needsSettling: Bool {
        // Nothing loading is the common case; it needs no look at the clock (which takes a lock).
        guard let manualClock else { return false }
        let loading = loadingCount()
        return loading > 0 && loading > manualClock.sleeperCount
    }

    /// On virtual time, after each command: lets what the command started run until it is asleep on
    /// the clock or done, so the next command (and a transcript) sees the same thing every run.
    func settle() async {
        guard needsSettling else { return }
        try? await settleOrTimeOut()
        pushes.emitPushes()
    }

    /// On virtual time: suspends until every load in flight is asleep on the clock or done, so the
    /// clock is moved only past sleeps that have really begun.
    private func settleOrTimeOut() async throws(ReplError) {
        guard let manualClock else { return }
        let settled = try await drive(timeout: defaultTimeout, advancing: false) { () throws(ReplError) -> Bool in
            self.loadsAreAsleep(on: manualClock)
        }
        if !settled { throw ReplError(.timedOut(after: defaultTimeout, condition: nil, loading: [])) }
    }

    /// The real time `duration` from now; `nil` for a duration too long to come.
    private static func realDeadline(after duration: Duration) -> ContinuousClock.Instant? {
        guard duration < .seconds(Int64(1) << 40) else { return nil }
        return ContinuousClock.now.advanced(by: duration)
    }

    /// Makes sure something wakes the waits by `deadline`: one watchdog task for every wait,
    /// sleeping until the earliest deadline. A task per wait would live on, asleep, until its own
    /// deadline after the wait ended, and a storm of short waits would pile them up.
    private func watch(_ id: Int, until deadline: ContinuousClock.Instant) {
        realDeadlines[id] = deadline
        if let watchdog, watchdog.target <= deadline { return }
        watchdog?.task.cancel()
        startWatchdog(until: deadline)
    }

    private func startWatchdog(until target: ContinuousClock.Instant) {
        let task = Task { [weak self] in
            try? await Task.sleep(until: target, clock: .continuous)
            guard !Task.isCancelled, let self else { return }
            self.watchdog = nil
            self.pushes.poke()
            if let earliest = self.realDeadlines.values.min() { self.startWatchdog(until: earliest) }
        }
        watchdog = (task, target)
    }

    /// Ends the wait running now as if its timeout passed.
    func stopWaiting() {
        stopped = true
        pushes.poke()
    }

    /// Suspends until `done` holds, moving virtual time from deadline to deadline when `advancing`
    /// and every load in flight is asleep on the clock; `false` when `timeout` passed first.
    ///
    /// Virtual time is limited to `timeout` past its start; real time too, as a guard against loads
    /// that wait on something other than the clock.
    func drive(
        timeout: Duration,
        advancing: Bool,
        until done: () throws(ReplError) -> Bool
    ) async throws(ReplError) -> Bool {
        let limit = manualClock.map { Self.instant($0.now, after: timeout) ?? ManualClock.Instant(offset: .seconds(Int64.max)) }
        stopped = false
        let deadline = Self.realDeadline(after: timeout)
        let id = nextWaitID
        nextWaitID += 1
        // The watchdog is armed only before the first suspension: a wait that is over at once (most
        // settles) leaves no task asleep behind it.
        var watched = false
        let stallID = nextWaitID
        nextWaitID += 1
        var stall = StallCheck()
        defer {
            realDeadlines[id] = nil
            realDeadlines[stallID] = nil
        }
        while true {
            pushes.emitPushes()
            if let manualClock, stalled, loadsAreAsleep(on: manualClock) { stalled = false }
            if try done() { return true }
            if stopped { return false }
            if let deadline, ContinuousClock.now >= deadline { return false }
            if advancing, let manualClock, let limit, loadsAreAsleep(on: manualClock), let next = manualClock.nextDeadline {
                guard next <= limit else { return false }
                manualClock.advance(to: next)
            }
            pushes.armWatches()
            if let manualClock, await settlesSoon(manualClock) {
                stall.deadline = nil
                continue
            }
            // A settle does not wait on work that waits on something else; a wait does, to its timeout.
            if manualClock != nil, noticeStall(&stall, watching: stallID), !advancing { return false }
            if !watched, let deadline {
                watched = true
                watch(id, until: deadline)
            }
            await pushes.nextPoke()
        }
    }

    /// What a wait on virtual time knows of work that is not asleep on the clock.
    private struct StallCheck {
        /// When the work will have run too long without sleeping on the clock.
        var deadline: ContinuousClock.Instant?
    }

    /// Work in flight is not asleep on the virtual clock and nothing is left to run here: it waits
    /// on something else (a network request, or a sleep on the real clock). Past ``stallNotice``
    /// of real time that is said, once until the work sleeps on the clock or ends; `true` from then on.
    private func noticeStall(_ stall: inout StallCheck, watching id: Int) -> Bool {
        if stalled { return true }
        guard let deadline = stall.deadline else {
            if let deadline = Self.realDeadline(after: stallNotice) {
                stall.deadline = deadline
                watch(id, until: deadline)
            }
            return false
        }
        guard ContinuousClock.now >= deadline else { return false }
        stalled = true
        workStalled()
        return true
    }

    /// On virtual time, runs the work the loads in flight have queued (``LoadJobQueue``) until every
    /// load is asleep on the clock or there is nothing left to run here; a load waiting on something
    /// else (a real network request) is left to wake the wait.
    private func settlesSoon(_ clock: ManualClock) async -> Bool {
        guard !loadsAreAsleep(on: clock) else { return true }
        if #available(macOS 15.0, *) {
            // A few turns: a load that keeps working without ever sleeping is left to the main
            // queue, and the wait to its timeout, rather than holding the session here.
            for _ in 0..<Self.settlingTurns {
                guard LoadJobQueue.shared.runPending() else { break }
                if loadsAreAsleep(on: clock) { return true }
            }
        }
        // A load whose first steps are on the main actor gets one turn of it.
        await Task.yield()
        return loadsAreAsleep(on: clock)
    }

    /// Whether every load in flight is asleep on `clock` (or none is in flight).
    private func loadsAreAsleep(on clock: ManualClock) -> Bool {
        loadingCount() <= clock.sleeperCount
    }

    /// How many turns of the load queue a settle runs before it waits to be woken.
    private static let settlingTurns = 8
}
