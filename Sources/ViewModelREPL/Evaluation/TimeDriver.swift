internal import CRuntimeHooks
import Dispatch
import Foundation
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
    /// Called when nothing is left to run and work is still not asleep on the clock: the work
    /// screens started as they were made is then waiting on outside input (an observer), which
    /// never keeps time waiting; `true` when any was set aside. Set by the evaluator.
    var workQuiesced: @MainActor () -> Bool = { false }
    /// Whether a screen hosting a class as written is open; set by the evaluator.
    var hostsClassesAsWritten: @MainActor () -> Bool = { true }
    /// The Foundation timers the screens' states hold, new ones first seen since the last look; set by the evaluator.
    var timersOfScreens: @MainActor () -> [Timer] = { [] }
    /// Whether a read of a screen's state met a timer since the last look; set by the evaluator.
    var screensMetTimers: @MainActor () -> Bool = { false }
    /// The timers screens hold, by timer: on virtual time each is due on the virtual clock (the run
    /// loop no longer fires it, the session does); on real time the run loop fires it.
    private var timers: [ObjectIdentifier: HeldTimer] = [:]
    /// How many timers were held after invalid ones were last forgotten.
    private var timersAfterCompaction = 0
    /// On virtual time, the held timers in order of when they are due (some invalid or stale,
    /// passed over when met): the next one is found in log n steps, not by a look at every timer.
    private var dueTimers = DueOrder<TimerRank, ObjectIdentifier>()
    /// How many timers have been taken up.
    private var adoptions = 0
    private let stallNotice: Duration
    /// Work in flight was seen waiting on something other than the virtual clock past
    /// ``stallNotice``, and that was said; cleared once every load is asleep on the clock or done.
    private var stalled = false
    /// Set by ``stopWaiting()`` to end the wait running now.
    private var stopped = false
    /// Whether the last wait stopped looking because the main queue never went quiet.
    private(set) var mainQueueStayedBusy = false
    /// How many rounds of ``quietRounds`` turns a wait whose condition holds looks again at most.
    private static let busyRounds = 4
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
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { OutputSubscriptions.executor = LoadJobQueue.shared }
        switch mode {
        case .virtual:
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { GlobalJobs.capture(true) }
            if #available(macOS 15.0, *) { LoadJobQueue.shared.afterDrain = { [weak pushes] in pushes?.poke() } }
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
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                GlobalJobs.capture(false)
                GlobalJobs.whenIdle = { [weak pushes] in pushes?.poke() }
            }
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
        _ = await runUntilQuiet()
        while let next = nextDeadline(of: manualClock), next <= target {
            step(manualClock, to: next)
            try await settleOrTimeOut()
            _ = await runUntilQuiet()
        }
        step(manualClock, to: target)
        _ = await runUntilQuiet()
        pushes.emitPushes()
        return manualClock.now.offset
    }

    /// Whether anything could still change a state: a load in flight, a sleeper on the virtual
    /// clock, a timer a screen holds, or one on the main run loop that no state holds.
    var isAnythingPending: Bool {
        if loadingCount() > 0 || (manualClock?.sleeperCount ?? 0) > 0 { return true }
        if workRunsOffMainActor { return true }
        // Read first: it takes up the timers the screens hold.
        let unheld = unheldTimerDate
        return timers.values.contains { $0.timer.isValid } || unheld != nil
    }

    /// What could still change a state that the session neither owns nor moves with its clock,
    /// worded for a `wait`'s reply and its `log` line: a timer on the main run loop that no state
    /// holds (it fires on real time). Work the session cannot see at all (`asyncAfter`, a bare
    /// `Task.sleep` off the session's work) is not named.
    func unownedWork() -> [String] {
        let busy = mainQueueStayedBusy ? [Messages.mainQueueNeverQuiet] : []
        guard let date = unheldTimerDate else { return busy }
        // On virtual time without its date, which real time moves: the same words every run.
        guard manualClock == nil else { return busy + [Messages.unheldTimerOnVirtualTime] }
        return busy + [Messages.unheldTimer(dueWithin: Int(max(1, date.timeIntervalSinceNow.rounded(.up))))]
    }

    // MARK: Timers

    /// A Foundation timer a screen holds, as the session tracks it.
    private struct HeldTimer {
        let timer: Timer
        /// The order it was taken up in, which orders timers due at the same instant.
        var order = 0
        /// When it fires next on the virtual clock.
        var due: ManualClock.Instant
        var repeats: Bool { timer.timeInterval > 0 }
    }

    /// Whether a timer a screen holds is still to fire once (a repeating one never keeps a wait waiting).
    var hasTimerDue: Bool {
        adoptTimers()
        return timers.values.contains { $0.timer.isValid && !$0.repeats }
    }

    /// Whether something a wait without a condition waits for besides loads is still to come: a
    /// held one-shot timer, or (on real time) work running off the main actor (``GlobalJobs``).
    var keepsWaiting: Bool { hasTimerDue || workRunsOffMainActor }

    /// On real time, whether work off the main actor runs now (``GlobalJobs``' counted jobs).
    private var workRunsOffMainActor: Bool {
        guard manualClock == nil, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return false }
        return GlobalJobs.isRunning
    }

    /// Takes up the timers the screens hold that were not known: on virtual time each is due as
    /// far ahead on the virtual clock as it was on the real one (to the hundredth of a second), and
    /// only the session fires it; on real time a wait is woken when it fires. Forgets invalid ones.
    /// On virtual time a timer a command scheduled is taken up as that command ends (``commandEnds()``),
    /// so its interval is as far ahead as it is then, to the nearest hundredth. One a fired block
    /// scheduled was scheduled between that block's start (``lastFired``) and now: its interval is
    /// read from that window (``scheduledInterval(from:to:)``), so the block's work after scheduling
    /// (slow on a loaded machine) does not bring it closer.
    private func adoptTimers() {
        let firedSince = lastFired
        // Invalid timers are forgotten when there are twice as many as after the last look, so a
        // look costs constant time amortized, however many timers are held.
        if timers.count >= 2 * max(timersAfterCompaction, 32) {
            timers = timers.filter { $0.value.timer.isValid }
            timersAfterCompaction = timers.count
            // The order of those due is made again of the timers kept: entries of forgotten ones go.
            dueTimers = DueOrder()
            if manualClock != nil {
                for (id, held) in timers { dueTimers.insert(id, at: TimerRank(due: held.due, order: held.order)) }
            }
        }
        var now: Date?
        for timer in timersOfScreens() where timer.isValid && timers[ObjectIdentifier(timer)] == nil {
            let until = now ?? Date()
            now = until
            let found = timer.fireDate.timeIntervalSince(until)
            let ahead =
                if let firedSince {
                    Self.scheduledInterval(from: found, to: timer.fireDate.timeIntervalSince(firedSince))
                } else {
                    Self.foundInterval(found)
                }
            adoptions += 1
            guard let manualClock else {
                timers[ObjectIdentifier(timer)] = HeldTimer(timer: timer, order: adoptions, due: ManualClock.Instant(offset: .zero))
                watchRealTimers()
                continue
            }
            timer.fireDate = .distantFuture
            let due = Self.instant(manualClock.now, after: .seconds(ahead)) ?? ManualClock.Instant(offset: .seconds(Int64(Self.endOfTime)))
            timers[ObjectIdentifier(timer)] = HeldTimer(timer: timer, order: adoptions, due: due)
            dueTimers.insert(ObjectIdentifier(timer), at: TimerRank(due: due, order: adoptions))
        }
    }

    /// The held timer due first on the virtual clock, those invalid or rescheduled since passed over.
    private func firstDueTimer() -> (id: ObjectIdentifier, held: HeldTimer)? {
        while let (rank, id) = dueTimers.first {
            if let held = timers[id], held.timer.isValid, held.due == rank.due, held.order == rank.order { return (id, held) }
            _ = dueTimers.popFirst()
            if let held = timers[id], !held.timer.isValid { timers[id] = nil }
        }
        return nil
    }

    /// When, on the real clock, the last held timer was fired since the last command began: a
    /// timer its block schedules was scheduled no earlier. `nil` once a command begins.
    private var lastFired: Date?

    /// A command begins: the timers met since the last one ended are taken up, and a timer not
    /// known yet is this command's.
    func commandBegins() {
        if screensMetTimers() { adoptTimers() }
        lastFired = nil
    }

    /// A command ended: on virtual time the timers its reply met are taken up now, while their
    /// dates are as far ahead as they were scheduled.
    func commandEnds() {
        if manualClock != nil, screensMetTimers() { adoptTimers() }
    }

    /// The interval of a timer a command scheduled, from how far ahead it is when found, as the
    /// command ends: a little less than it was scheduled with (more on a loaded machine). A whole
    /// second up to 20 ms beyond, else a tenth up to 10 ms beyond; else to the nearest hundredth.
    nonisolated static func foundInterval(_ ahead: Double) -> Double {
        let ahead = max(0, ahead - 1e-6)
        for (scale, slack) in [(1.0, 0.02), (10, 0.01)] {
            let above = (ahead * scale).rounded(.up) / scale
            if ahead > 0, above - ahead <= slack { return above }
        }
        return (ahead * 100).rounded() / 100
    }

    /// The interval a timer was scheduled with, from the bounds its real date allows: `lower`
    /// seconds counted from after it was scheduled (when it was found), `upper` from before (the
    /// last look). The real time around the scheduling (slow on a loaded machine, or a person
    /// pausing between commands) is not counted:
    /// - a whole second within the bounds and 50 ms of either, else a tenth within 20 ms;
    /// - else, in bounds 50 ms apart or closer (or with a date past when found), `upper` rounded
    ///   down to the hundredth (not below `lower`);
    /// - else `lower` to the nearest hundredth: as far ahead as the timer is when it is found.
    nonisolated static func scheduledInterval(from lower: Double, to upper: Double) -> Double {
        // A microsecond of slack: dates are doubles of seconds since 2001.
        let upper = max(0, upper + 1e-6)
        let lower = max(0, min(lower - 1e-6, upper))
        for (scale, slack) in [(1.0, 0.05), (10, 0.02)] {
            let below = (upper * scale).rounded(.down) / scale
            if below >= lower, upper - below <= slack { return below }
            // A date already past when found says nothing from below.
            let above = (lower * scale).rounded(.up) / scale
            if lower > 0, above <= upper, above - lower <= slack { return above }
        }
        if upper - lower <= 0.05 || lower == 0 { return max((upper * 100).rounded(.down), (lower * 100).rounded(.up)) / 100 }
        return (lower * 100).rounded() / 100
    }

    /// The task that looks at the screens after each held timer fires on real time.
    private var realTimerWatch: Task<Void, Never>?

    /// On real time the run loop fires the held timers: after each one's date the screens are
    /// looked at (their changes pushed) and the waits woken, while any is still valid.
    private func watchRealTimers() {
        guard realTimerWatch == nil else { return }
        realTimerWatch = Task { [weak self] in
            while let next = self?.timers.values.filter({ $0.timer.isValid }).map(\.timer.fireDate).min() {
                try? await Task.sleep(for: .seconds(max(0, next.timeIntervalSinceNow)) + Self.realTimerMargin)
                guard let driver = self else { return }
                driver.timers = driver.timers.filter { $0.value.timer.isValid }
                driver.pushes.emitPushes()
                driver.pushes.poke()
            }
            self?.realTimerWatch = nil
        }
    }

    /// A wait on real time looks at the state this long after a held timer's date, once it has fired.
    private static let realTimerMargin = Duration.milliseconds(20)

    /// When the next Foundation timer on the main run loop that no screen's state holds fires, if
    /// one is scheduled. Read from the run loop (CoreFoundation), so it is seen whatever holds it;
    /// on real time one due after a held timer is hidden behind it.
    private var unheldTimerDate: Date? {
        // First: a timer taken up now leaves the run loop's dates on virtual time.
        adoptTimers()
        let seconds = vmrepl_main_run_loop_next_timer_date()
        guard seconds > 0 else { return nil }
        let date = Date(timeIntervalSinceReferenceDate: seconds)
        // The run loop's keep-alive timer (``runMainRunLoop()``) is due at the end of time; a held
        // timer on virtual time is due in the distant future.
        guard date.timeIntervalSinceNow < Self.unheldTimerHorizon else { return nil }
        if timers.values.contains(where: { $0.timer.isValid && abs($0.timer.fireDate.timeIntervalSince(date)) < 0.001 }) { return nil }
        return date
    }

    /// A run-loop timer due further ahead than this, in seconds of real time, is taken for one that never fires.
    private static let unheldTimerHorizon: TimeInterval = 100 * 365 * 86_400

    /// The next instant anything is due on the virtual clock: a sleeper or a held timer.
    private func nextDeadline(of clock: ManualClock) -> ManualClock.Instant? {
        adoptTimers()
        let timerDue = firstDueTimer()?.held.due
        guard let sleeper = clock.nextDeadline else { return timerDue }
        return timerDue.map { min($0, sleeper) } ?? sleeper
    }

    /// Moves the virtual clock to `instant`, firing the held timers due by then in order of their dates.
    private func step(_ clock: ManualClock, to instant: ManualClock.Instant) {
        while let (id, held) = firstDueTimer(), held.due <= instant {
            _ = dueTimers.popFirst()
            clock.advance(to: held.due)
            // A timer its block schedules was scheduled after this moment; any before was taken up.
            adoptTimers()
            lastFired = Date()
            held.timer.fire()
            if held.repeats, held.timer.isValid, let next = Self.instant(held.due, after: .seconds(held.timer.timeInterval)) {
                timers[id]?.due = next
                dueTimers.insert(id, at: TimerRank(due: next, order: held.order))
            } else {
                held.timer.invalidate()
                timers[id] = nil
            }
        }
        clock.advance(to: instant)
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
        // Wakes the wait when a timer no state holds fires (on real time, as the session cannot fire it).
        let unheldTimerID = nextWaitID
        nextWaitID += 1
        var stall = StallCheck()
        var lookedForObservers = false
        // Rounds in which the wait's condition held and the main queue was still busy.
        var busyRounds = 0
        mainQueueStayedBusy = false
        defer {
            realDeadlines[id] = nil
            realDeadlines[stallID] = nil
            realDeadlines[unheldTimerID] = nil
        }
        while true {
            // What can run now runs before a wait looks (and before it moves the clock): the main
            // queue's blocks (a completion a fetch put there), an observer's turn on the main actor.
            let quiet = advancing ? await runUntilQuiet() : true
            pushes.emitPushes()
            if let manualClock, stalled, loadsAreAsleep(on: manualClock) { stalled = false }
            let holds = try done()
            if holds, quiet {
                // On real time, work off the main actor may have ended between those turns and the
                // look: the hop to the main actor it ended with is queued then, and runs (and is
                // looked at again) before the wait replies. Seen under load: homeserver's summary.
                guard manualClock == nil, advancing else { return true }
                let before = progress
                _ = await runUntilQuiet()
                if progress == before { return true }
                continue
            }
            if stopped { return false }
            if let deadline, ContinuousClock.now >= deadline { return holds }
            // Held, but something still ran: look again, a few rounds of turns at most. A block that
            // posts itself again would keep the wait (and its pushes) going to its timeout: it is said.
            if holds {
                busyRounds += 1
                guard busyRounds < Self.busyRounds else {
                    mainQueueStayedBusy = true
                    return true
                }
                continue
            }
            if advancing, let manualClock, let limit, loadsAreAsleep(on: manualClock), let next = nextDeadline(of: manualClock) {
                guard next <= limit else { return false }
                step(manualClock, to: next)
            }
            pushes.armWatches()
            // A wait (not a settle, which waits on loads alone) is woken when such a timer fires.
            if advancing, let date = unheldTimerDate, let due = Self.realDeadline(after: .seconds(max(0, date.timeIntervalSinceNow)) + Self.realTimerMargin) {
                watch(unheldTimerID, until: due)
            }
            if let manualClock, await settlesSoon(manualClock) {
                stall.deadline = nil
                continue
            }
            // On real time nothing tells a sleep from outside input: once a wait finds nothing to
            // run, the work screens started as they were made is taken for observers.
            if manualClock == nil, !lookedForObservers {
                lookedForObservers = true
                if await runUntilQuiet(), workQuiesced() { continue }
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
        if loadsAreAsleep(on: clock) { return true }
        // Nothing left to run: work a screen started as it was made and that still waits is
        // waiting on outside input (an observer of a stream), which never keeps time waiting.
        guard await runUntilQuiet(), workQuiesced() else { return false }
        return loadsAreAsleep(on: clock)
    }

    /// Lets everything that can run now run: the session's queue of jobs (loads' work, and on
    /// virtual time every job of the runtime's global executor), then the main queue up to a block
    /// enqueued now; again while a round ran a job or changed a state, up to ``quietRounds``.
    /// `true` when a round changed nothing.
    func runUntilQuiet() async -> Bool {
        // A view model written for the protocol reports its changes and its loads: no turn of the
        // main queue is needed to find them, and a wait of many steps pays for none.
        guard hostsClassesAsWritten() else {
            if #available(macOS 15.0, *) { LoadJobQueue.shared.runPending() }
            return true
        }
        for _ in 0..<Self.quietRounds {
            let before = progress
            var ranJobs = false
            if #available(macOS 15.0, *) { ranJobs = LoadJobQueue.shared.runPending() }
            // A turn is a suspension: a session reading lines in batches defers its watches and
            // looks at its screens again only once they are armed (a completion changes them now).
            pushes.armWatches()
            await Self.mainQueueTurn()
            if #available(macOS 15.0, *) { ranJobs = LoadJobQueue.shared.runPending() || ranJobs }
            pushes.emitPushes()
            if !ranJobs, progress == before { return true }
        }
        return false
    }

    /// What changes in this session when anything it owns ran: lines owed, work in flight, sleepers
    /// on its clock. (The jobs the shared queue ran are not counted: they may be another session's.)
    private var progress: [UInt64] {
        [pushes.pushesTaken, UInt64(loadingCount()), UInt64(manualClock?.sleeperCount ?? 0)]
    }

    /// Suspends until the main queue has run every block enqueued before this call.
    private static func mainQueueTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
    }

    /// How many rounds ``runUntilQuiet()`` runs at most before it leaves the rest to the next look.
    private static let quietRounds = 16

    /// Whether every load in flight is asleep on `clock` (or none is in flight).
    private func loadsAreAsleep(on clock: ManualClock) -> Bool {
        loadingCount() <= clock.sleeperCount
    }

    /// How many turns of the load queue a settle runs before it waits to be woken.
    private static let settlingTurns = 8
}
