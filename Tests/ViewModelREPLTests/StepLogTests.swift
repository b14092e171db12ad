import Testing

@testable import ViewModelREPL

/// The supervisor's log of a trial's steps: lines past what memory holds go to a file, and every
/// line comes back in order.
struct StepLogTests {
    @Test func linesPastTheMemoryLimitComeBackInOrderAndAResetForgetsThem() {
        let log = StepLog()
        let lines = (0..<10_000).map { "event select id=\($0)" }
        for line in lines { log.append(line) }
        #expect(log.count == 10_000)
        #expect(log.lines() == lines)
        log.reset()
        #expect(log.lines().isEmpty)
        log.append("advance 1s")
        #expect(log.lines() == ["advance 1s"])
    }
}
