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
    private let renderer: any ReplyRenderer
    private let keepGoing: Bool
    private let pace: Duration?
    private let report: (String) -> Void

    package init(
        registry: ScreenRegistry, options: Evaluator.Options, renderer: any ReplyRenderer,
        keepGoing: Bool, pace: Duration?, report: @escaping (String) -> Void
    ) {
        self.registry = registry
        self.options = options
        self.renderer = renderer
        self.keepGoing = keepGoing
        self.pace = pace
        self.report = report
    }

    /// Runs the scripts in order and returns the exit status.
    package func run(_ paths: [String]) async -> ExitStatus {
        let signals = TerminationSignals { [renderer] signal in
            renderer.flush()
            exit(TerminationSignals.exitStatus(for: signal))
        }
        defer { withExtendedLifetime(signals) {} }
        var status = ExitStatus.success
        for path in paths {
            let fileStatus = await runFile(path)
            if fileStatus != .success {
                status = status.combined(with: fileStatus)
                if !keepGoing { break }
            }
        }
        renderer.flush()
        return status
    }

    private func runFile(_ path: String) async -> ExitStatus {
        let bytes: [UInt8]
        do {
            bytes = try ScriptFile.read(path)
        } catch {
            report("vmrepl: \(error.path): \(error.reason)")
            return .requestFailed
        }
        let session = Session(registry: registry, options: options, renderer: renderer)
        session.start()
        var status = ExitStatus.success
        var policy = SessionLoop.Policy()
        if let pace {
            policy.beforeLine = { [renderer, report] text in
                guard !Self.isBlankOrComment(text) else { return }
                renderer.flush()
                report("› " + text)
                try? await Task.sleep(for: pace)
            }
        }
        policy.afterLine = { [renderer, report, keepGoing] line, reply in
            renderer.flush()
            var failures = session.accounting.takeViolations()
            if case .error(let error)? = reply { failures.insert(error, at: 0) }
            guard !failures.isEmpty else { return true }
            for error in failures {
                report("\(path):\(line.number): \(error.message)")
                status = status.combined(with: [.expectationFailed, .invariantViolated].contains(error.code) ? .expectationFailed : .requestFailed)
            }
            return keepGoing
        }
        await SessionLoop.run(session, batches: SessionLoop.oneBatch(ScriptFile.lines(bytes)), policy: policy)
        return status
    }

    private static func isBlankOrComment(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
