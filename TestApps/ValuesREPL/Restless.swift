import Dispatch
import Observation

/// Values that are new on every read: a getter that writes a tracked property (a read counter),
/// and one that reads the clock. Reading the state changes it, so "settled" must not mean "reads
/// the same twice".
@MainActor
@Observable
final class Restless {
    private(set) var reads = 0
    private(set) var presses = 0

    /// Counts its own reads, in a tracked property.
    var stamp: Int {
        reads += 1
        return reads
    }

    /// The machine's uptime, new on every read.
    var uptime: UInt64 { DispatchTime.now().uptimeNanoseconds }

    func press() {
        presses += 1
    }
}
