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
    private let options: Interpreter.Options
    private let output: OutputChannel
    private let keepGoing: Bool
    private let pace: Duration?
    private let report: (String) -> Void

    package init(
        registry: ScreenRegistry, options: Interpreter.Options, output: OutputChannel,
        keepGoing: Bool, pace: Duration?, report: @escaping (String) -> Void
    ) {
        self.registry = registry
        self.options = options
        self.output = output
        self.keepGoing = keepGoing
        self.pace = pace
        self.report = report
    }

    /// Runs the scripts in order and returns the exit status.
    package func run(_ paths: [String]) async -> ExitStatus {
        let signals = TerminationSignals { [output] signal in
            output.flush()
            exit(TerminationSignals.exitStatus(for: signal))
        }
        defer { withExtendedLifetime(signals) {} }
        var status = ExitStatus.success
        for path in paths {
            let fileStatus = await runFile(path)
            if fileStatus != .success {
                if status == .success || fileStatus == .expectationFailed { status = fileStatus }
                if !keepGoing { break }
            }
        }
        output.flush()
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
        let interpreter = Interpreter(registry: registry, output: output, options: options)
        interpreter.start()
        var status = ExitStatus.success
        for line in ScriptFile.lines(bytes) {
            let errorsBefore = interpreter.errorCount
            switch line.content {
            case .text(let text):
                if let pace, !Self.isBlankOrComment(text) {
                    output.flush()
                    report("› " + text)
                    try? await Task.sleep(for: pace)
                }
                await interpreter.handle(line: text, number: line.number)
            case .rejected(let error):
                interpreter.reject(error, line: line.number)
            }
            output.flush()
            if interpreter.errorCount > errorsBefore, let (error, tag) = interpreter.lastError {
                report("\(path):\(tag.line): \(error.message)")
                let lineStatus: ExitStatus = error.code == .expectationFailed ? .expectationFailed : .requestFailed
                if status == .success || lineStatus == .expectationFailed { status = lineStatus }
                if !keepGoing { break }
            }
            if interpreter.quitRequested { break }
        }
        await interpreter.finish()
        return status
    }

    private static func isBlankOrComment(_ text: String) -> Bool {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
}
