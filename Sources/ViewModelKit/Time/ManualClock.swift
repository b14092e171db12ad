import Foundation

/// A virtual clock that only moves when told to, so waits in tests and scripts finish at once and
/// the same way every run.
///
/// Code under test takes `some Clock<Duration>` and sleeps on it; the test or script then calls
/// ``advance(by:)`` or ``advance(to:)``, which wakes every sleeper whose deadline has come, in
/// deadline order. ``nextDeadline`` tells a driver where the next sleeper is, so it can step from
/// deadline to deadline until nothing is in flight.
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point on the virtual time line: the time since the clock was made.
    public struct Instant: InstantProtocol, Sendable, Hashable, Comparable {
        /// Time since the clock's origin.
        public var offset: Duration

        /// Creates an instant `offset` after the clock's origin.
        public init(offset: Duration) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        let id: UInt64
        let deadline: Instant
        let continuation: UnsafeContinuation<Void, any Error>
    }

    /// Guards every mutable field below; sleepers register from any thread.
    private let lock = NSLock()
    private var current: Instant
    private var sleepers: [Sleeper] = []
    private var nextID: UInt64 = 0
    private var observer: (@Sendable () -> Void)?
    private var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates a clock at `now` (by default its origin).
    public init(now: Instant = Instant(offset: .zero)) {
        self.current = now
    }

    /// The current virtual time.
    public var now: Instant { lock.withLock { current } }

    /// A virtual clock has no resolution limit.
    public var minimumResolution: Duration { .zero }

    /// The earliest deadline anyone is sleeping until, or `nil` when nobody sleeps.
    public var nextDeadline: Instant? {
        lock.withLock { sleepers.map(\.deadline).min() }
    }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { lock.withLock { sleepers.count } }

    /// Calls `observer` (from the sleeping task's thread) whenever a task starts sleeping.
    ///
    /// A driver uses it to learn that there is a new deadline to advance to.
    public func onSleep(_ observer: (@Sendable () -> Void)?) {
        lock.withLock { self.observer = observer }
    }

    /// Suspends until the clock has been advanced to `deadline`; throws `CancellationError` when
    /// the task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = lock.withLock {
            nextID &+= 1
            return nextID
        }
        try await withTaskCancellationHandler {
            // Resumed exactly once: whoever takes the sleeper out of `sleepers` under the lock
            // (`advance`, the cancel handler) resumes it, or it is resumed here without being put
            // in. Unchecked, since a checked continuation allocates and costs ~1,300 instructions a sleep.
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Void, any Error>) in
                let registered: (observer: (@Sendable () -> Void)?, waiters: [CheckedContinuation<Void, Never>])? =
                    lock.withLock {
                        if Task.isCancelled || deadline <= current { return nil }
                        sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                        let count = sleepers.count
                        let ready = sleeperWaiters.filter { $0.count <= count }.map(\.continuation)
                        sleeperWaiters.removeAll { $0.count <= count }
                        return (self.observer, ready)
                    }
                guard let registered else {
                    continuation.resume(with: Task.isCancelled ? .failure(CancellationError()) : .success(()))
                    return
                }
                registered.observer?()
                for waiter in registered.waiters { waiter.resume() }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Suspends until at least `count` tasks are sleeping on this clock.
    ///
    /// Tests call it before ``advance(by:)`` so that they advance past a sleep that has really begun.
    public func waitForSleepers(_ count: Int = 1) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = lock.withLock {
                if sleepers.count >= count { return true }
                sleeperWaiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }

    /// Moves the clock forward by `duration`, waking every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        advance(to: now.advanced(by: duration))
    }

    /// Moves the clock to `instant` (never backwards), waking every sleeper due by then in deadline order.
    public func advance(to instant: Instant) {
        let due: [Sleeper] = lock.withLock {
            if instant > current { current = instant }
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
    }
}
