#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session driven through pipes: lines in on one descriptor, protocol lines out on another.
///
/// No prompt, no colour; output is flushed whenever no further input is ready, so a driver that
/// waits for each reply never stalls, while a burst of input is answered in large writes. Input is
/// read on the main actor (``MainThreadReader``), so a request is handled where it was read.
@MainActor
package final class PipeSession {
    private let session: Session
    private let reader: MainThreadReader

    package init(registry: ScreenRegistry, options: Evaluator.Options, input: Int32, consumer: any OutputConsumer, maximumLineLength: Int) {
        session = Session(registry: registry, options: options, consumer: consumer, defersWatches: true)
        reader = MainThreadReader(fileDescriptor: input, maximumLineLength: maximumLineLength)
    }

    /// Runs until end of input or `quit`, finishes what is in flight, and returns the exit status.
    package func run() async -> ExitStatus {
        // SIGINT cancels what is in flight and SIGTERM stops at once; both print every line owed first.
        let signals = TerminationSignals { [session] signal in
            if signal == SIGINT { _ = session.interrupt() }
            session.emitPushes()
            session.flush()
            TerminationSignals.exit(for: signal)
        }
        defer { withExtendedLifetime(signals) {} }
        session.start()
        session.flush()
        var policy = SessionLoop.Policy()
        policy.afterBatch = { [session, reader] in
            session.armWatches()
            if !reader.hasInputReady() { session.flush() }
        }
        await SessionLoop.run(session, next: { await reader.nextBatch() }, policy: policy)
        return session.accounting.exitStatus
    }
}
