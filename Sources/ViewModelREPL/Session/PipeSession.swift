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
    private let input: Int32
    /// What this session replays first and answers, when a worker was started for `undo`.
    private let plan: ResumePlan?
    /// Where the session opens (`--from`), and where it says why it could not.
    private let start: TraceStart?
    private let report: (String) -> Void

    /// - Parameters:
    ///   - launch: How to start a worker for `undo`; `nil`: `undo` is not served.
    ///   - protocolOutput: The descriptor protocol lines go to, which a worker writes to after `undo`.
    ///   - resuming: The steps to replay quietly before answering, in a worker `undo` started.
    ///   - start: The trace and step the session opens at (`--from`), its steps replayed quietly first.
    ///   - report: Where the session says why it could not open there.
    package init(
        registry: ScreenRegistry, options: Evaluator.Options, input: Int32, consumer: any OutputConsumer, maximumLineLength: Int,
        launch: WorkerLaunch? = nil, protocolOutput: Int32? = nil, resuming plan: ResumePlan? = nil, opening start: TraceStart? = nil,
        report: @escaping (String) -> Void = { _ in }
    ) {
        session = Session(registry: registry, options: options, consumer: consumer, defersWatches: true)
        reader = MainThreadReader(fileDescriptor: input, maximumLineLength: maximumLineLength, after: plan?.line ?? 0)
        self.input = input
        self.plan = plan
        self.start = start
        self.report = report
        session.workerLaunch = launch
        session.protocolDescriptor = protocolOutput
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
        if let plan {
            guard await session.replay(plan) else { return .success }
        } else {
            if let start, let problem = await session.open(from: start) {
                report("vmrepl: \(problem)")
                return .requestFailed
            }
            session.start()
        }
        session.flush()
        var policy = SessionLoop.Policy()
        policy.afterBatch = { [session, reader] in
            session.armWatches()
            if !reader.hasInputReady() { session.flush() }
        }
        let rest = await SessionLoop.run(session, next: { await reader.nextBatch() }, policy: policy)
        if let worker = session.handedOver {
            // The worker is the session now: what was read and not handled goes to it first.
            // A line refused as it was read goes as bytes the worker refuses alike, with its number.
            var pending: [UInt8] = []
            for line in rest {
                switch line.content {
                case .text(let text): pending += Array(text.utf8)
                case .rejected(let error): pending += LineSplitter.bytesRejected(as: error, limit: reader.maximumLineLength)
                }
                pending.append(UInt8(ascii: "\n"))
            }
            let partial = reader.takePending()
            pending += partial.skipping ? [UInt8](repeating: UInt8(ascii: "x"), count: reader.maximumLineLength + 2) : partial.bytes
            // The worker takes the signals from here on: it cancels its loads, or ends writing what it owes.
            signals.cancel()
            switch worker.relay(input: input, pending: pending, forwarding: [SIGINT, SIGTERM, SIGHUP]) {
            case .exited(let status): return ExitStatus(rawValue: status) ?? .requestFailed
            case .signalled(let signal): _exit(128 + signal)
            }
        }
        return session.accounting.exitStatus
    }
}
