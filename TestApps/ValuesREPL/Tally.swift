import Observation

/// The app's own process-wide statistics: a global no session owns, as analytics counters are.
@MainActor
enum Statistics {
    static var totalTaps = 0
}

/// A counter whose taps also land in the app's global statistics: going back must take the
/// process's own state back too.
@MainActor
@Observable
final class Tally {
    private(set) var taps = 0
    private(set) var total = Statistics.totalTaps

    func tap() {
        taps += 1
        Statistics.totalTaps += 1
        total = Statistics.totalTaps
    }
}

/// A die rolled with the system's randomness, not the session's: a replay does not repeat it.
@MainActor
@Observable
final class Dice {
    private(set) var rolls: [Int] = []

    func roll() {
        var generator = SystemRandomNumberGenerator()
        rolls.append(Int.random(in: 1...1_000_000, using: &generator))
    }
}
