#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session driven through pipes: lines in on one descriptor, protocol lines out on another.
///
/// No prompt, no colour; output is flushed whenever no further input is ready, so a driver that
/// waits for each reply never stalls, while a burst of input is answered in large writes.
@MainActor
package final class PipeSession {
    private let interpreter: Interpreter
    private let output: OutputChannel
    private let reader: InputReader

    package init(registry: ScreenRegistry, options: Interpreter.Options, input: Int32, output: OutputChannel, maximumLineLength: Int) {
        self.output = output
        self.interpreter = Interpreter(registry: registry, output: output, options: options)
        interpreter.deferWatches = true
        self.reader = InputReader(fileDescriptor: input, maximumLineLength: maximumLineLength)
    }

    /// Runs until end of input or `quit`, finishes what is in flight, and returns the exit status.
    package func run() async -> ExitStatus {
        // SIGINT cancels what is in flight and SIGTERM stops at once; both print every line owed first.
        let signals = TerminationSignals { [interpreter, output] signal in
            if signal == SIGINT { _ = interpreter.cancelAllLoads() }
            interpreter.emitPushes()
            output.flush()
            exit(TerminationSignals.exitStatus(for: signal))
        }
        defer { withExtendedLifetime(signals) {} }
        interpreter.start()
        output.flush()
        reading: for await batch in reader.batches() {
            for line in batch {
                switch line.content {
                case .text(let text): await interpreter.handle(line: text, number: line.number)
                case .rejected(let error): interpreter.reject(error, line: line.number)
                }
                if interpreter.quitRequested || output.isClosed { break reading }
            }
            interpreter.armWatches()
            if !reader.hasInputReady() { output.flush() }
            if output.isClosed { break }
            reader.batchHandled()
        }
        await interpreter.finish()
        output.flush()
        if interpreter.failedExpectations > 0 { return .expectationFailed }
        return interpreter.errorCount > 0 ? .requestFailed : .success
    }
}
