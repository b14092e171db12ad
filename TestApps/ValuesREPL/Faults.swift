import Observation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A view model whose own actions fail the process: one traps, one never returns, one floods. The lines
/// answered before must still reach the reader, and a signal must still end the process.
@MainActor
@Observable
final class Faults {
    private(set) var presses = 0
    /// Grows by half a megabyte at a time (``grow()``), for states too large to keep many of.
    private(set) var ballast: [String] = []

    /// An ordinary action, for lines that come before the fault.
    func press() {
        presses += 1
    }

    /// Counts 2,000 presses from a task, one main-actor turn each, after this action has
    /// returned: a flood of states pushed while no request runs.
    func flood() {
        Task {
            for _ in 0..<2_000 {
                presses += 1
                await Task.yield()
            }
        }
    }

    /// Adds half a megabyte to the state 12 times from a task, one main-actor turn each: states
    /// of 0.5 to 6 MB pushed while no request runs.
    func grow() {
        Task {
            for index in 0..<12 {
                ballast.append(String(repeating: Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(index))), count: 1 << 19))
                await Task.yield()
            }
        }
    }

    /// Traps, as a failed precondition or a force-unwrapped nil does in an app.
    func crash() {
        fatalError("faults: crash asked for")
    }

    /// Says so on stderr, then keeps the main thread busy for ever, as writing a huge state does.
    func spin() {
        let note = "faults: spinning\n"
        _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        var turns = 0
        while presses >= 0 { turns &+= 1 }
        presses = turns
    }
}
