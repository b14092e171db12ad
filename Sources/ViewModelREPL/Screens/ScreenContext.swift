import ViewModelKit

/// What a screen's factory gets from the session: the clock to wait on and a seeded source of randomness.
///
/// Scripts and piped sessions run on a virtual clock that only `wait` and `advance` move; a person at
/// a terminal runs on real time. Build view models from these so they behave the same way every run.
public struct ScreenContext: Sendable {
    /// The session's clock: a ``ManualClock`` on virtual time, a `ContinuousClock` on real time.
    public let clock: any Clock<Duration>
    /// The session's seed (`--seed`), already mixed with the screen's name.
    public let seed: UInt64

    package init(clock: any Clock<Duration>, seed: UInt64) {
        self.clock = clock
        self.seed = seed
    }

    /// A random number generator fixed by the session's seed.
    public func makeRandom() -> SeededRandomNumberGenerator {
        SeededRandomNumberGenerator(seed: seed)
    }
}
