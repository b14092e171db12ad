#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vmrepl run FILE…`: runs each script in a fresh session and stops at the first failure.
///
/// The scripts' output is the usual protocol lines on stdout; a failure is reported on stderr as
/// `FILE:LINE: message`, with what was expected and what was found.
@MainActor
package final class ScriptSession {
    private let registry: ScreenRegistry
    private let options: Evaluator.Options
    /// The scripts' one output: `seq` counts on from one script's session to the next.
    private let output: SessionOutput
    private let keepGoing: Bool
    /// Told of each failure with the script's path and line, as a test library reports it.
    package var onFailure: ((_ path: String, _ line: Int, _ message: String) -> Void)?
    private let pace: Duration?
    private let report: (String) -> Void
    /// The trace kept of the run (`--trace`), told which script each step is from.
    package var trace: TraceRecorder?
    /// Where a JUnit report goes, if anywhere.
    private let junitPath: String?
    /// The failures of the script being run, for the JUnit report.
    private var failures: [String] = []

    package init(
        registry: ScreenRegistry, options: Evaluator.Options, consumer: any OutputConsumer,
        keepGoing: Bool, pace: Duration?, junitPath: String? = nil, report: @escaping (String) -> Void
    ) {
        self.junitPath = junitPath
        self.registry = registry
        self.options = options
        output = SessionOutput(consumer: consumer, settings: options.output)
        self.keepGoing = keepGoing
        self.pace = pace
        self.report = report
    }

    /// Runs the scripts in order and returns the exit status.
    package func run(_ paths: [String]) async -> ExitStatus {
        let signals = TerminationSignals { [output] signal in
            output.flush()
            TerminationSignals.exit(for: signal)
        }
        defer { withExtendedLifetime(signals) {} }
        var status = ExitStatus.success
        var junit = JUnitReport(suite: "vmrepl run")
        for path in paths {
            let start = ContinuousClock.now
            failures = []
            trace?.file = path
            let fileStatus = await runFile(path)
            junit.cases.append(.init(name: path, seconds: DurationText.seconds(start.duration(to: .now)), failures: failures))
            // Output that can no longer be written ends the run: the caller reports why.
            if output.isClosed { break }
            if fileStatus != .success {
                status = status.combined(with: fileStatus)
                if !keepGoing { break }
            }
        }
        output.flush()
        if let junitPath, let problem = junit.write(to: junitPath) {
            report("vmrepl: \(junitPath): \(problem)")
            status = status.combined(with: .requestFailed)
        }
        return status
    }

    /// Reports a failure, and keeps it for the JUnit report.
    private func fail(_ text: String) {
        report(text)
        failures.append(text)
    }

    private func runFile(_ path: String) async -> ExitStatus {
        // Read off the main actor: a FIFO whose writer writes nothing keeps read() waiting, and
        // the signal handlers run on the main queue, which must stay free for them.
        let read = await Task.detached { Result { () throws(ScriptFileError) in try ScriptFile.read(path) } }.value
        let bytes: [UInt8]
        switch read {
        case .success(let read): bytes = read
        case .failure(let error):
            fail("vmrepl: \(error.path): \(error.reason)")
            return .requestFailed
        }
        let session = Session(registry: registry, options: options, output: output)
        session.start()
        var status = ExitStatus.success
        var policy = SessionLoop.Policy()
        if let pace {
            policy.beforeLine = { [output, report] text in
                guard !Self.isBlankOrComment(text) else { return }
                output.flush()
                report("› " + text)
                try? await Task.sleep(for: pace)
            }
        }
        policy.afterLine = { [output, keepGoing] line, reply in
            output.flush()
            var failures = session.accounting.takeViolations()
            if case .error(let error)? = reply { failures.insert(error, at: 0) }
            guard !failures.isEmpty else { return true }
            for error in failures {
                self.onFailure?(path, line.number, error.message)
                self.fail("\(path):\(line.number): \(error.message)")
                status = status.combined(with: Self.status(after: error))
            }
            return keepGoing
        }
        await SessionLoop.run(session, batches: SessionLoop.oneBatch(ScriptFile.lines(bytes)), policy: policy)
        return status
    }

    /// The status a script ends with when it stops at `error`: 3 for a failed `expect` or a broken
    /// invariant, 1 for any other error.
    static func status(after error: ReplError) -> ExitStatus {
        [.expectationFailed, .invariantViolated].contains(error.code) ? .expectationFailed : .requestFailed
    }

    private static func isBlankOrComment(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
