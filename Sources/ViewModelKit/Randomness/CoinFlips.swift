import Foundation

/// A shared source of coin flips over any random number generator, safe to use from concurrent loads.
public final class CoinFlips: @unchecked Sendable {
    /// Guards `random`.
    private let lock = NSLock()
    private var random: any RandomNumberGenerator

    /// Creates a source drawing from `random`.
    public init(_ random: any RandomNumberGenerator) {
        self.random = random
    }

    /// Heads (`true`) or tails.
    public func flip() -> Bool {
        lock.withLock { random.next() >> 63 == 1 }
    }
}
