import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT, SIGTERM and SIGHUP (the terminal or the parent went away, handled as SIGTERM)
/// into calls on the main actor, between two lines, never inside one.
///
/// The handler runs on the main queue, which is the main actor's, so a line being written is
/// always finished first. A watchdog bounds the wait: if the main actor has not acted on the
/// signal within ``EmergencyFlush/terminationGrace`` (it is writing a huge state, or an action
/// never returns), the main thread is interrupted, writes its whole lines and exits with
/// 128 + the signal's number; once it has, it has ``EmergencyFlush/endingGrace`` to end the
/// process (a large trace page to write) before the watchdog ends it anyway.
@MainActor
final class TerminationSignals {
    private var sources: [any DispatchSourceSignal] = []
    /// Where the watchdog hears of the signals: a queue the main actor's work never holds up.
    private nonisolated static let watchdogQueue = DispatchQueue(label: "vmrepl.signals")

    /// What must happen before a signal ends the process, after the lines owed are written (the
    /// trace page is written).
    static var beforeExit: [@MainActor () -> Void] = []

    /// Runs ``beforeExit`` and ends the process as `signal` does.
    static func exit(for signal: Int32) -> Never {
        for action in beforeExit { action() }
        #if canImport(Glibc)
            Glibc.exit(exitStatus(for: signal))
        #else
            Darwin.exit(exitStatus(for: signal))
        #endif
    }

    /// Starts listening; `handler` gets the signal's number.
    init(_ signals: [Int32] = [SIGINT, SIGTERM, SIGHUP], handler: @escaping @MainActor (Int32) -> Void) {
        // A parent may have started us with these signals blocked; they must reach us.
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
        for number in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                MainActor.assumeIsolated {
                    EmergencyFlush.signalTaken()
                    handler(number)
                }
            }
            source.resume()
            sources.append(source)
            sources.append(Self.watchdog(for: number))
        }
    }

    /// A source that arms the watchdog as `number` arrives, off the main actor (which may be busy).
    private nonisolated static func watchdog(for number: Int32) -> any DispatchSourceSignal {
        let source = DispatchSource.makeSignalSource(signal: number, queue: watchdogQueue)
        source.setEventHandler { EmergencyFlush.armWatchdog(for: number) }
        source.resume()
        return source
    }

    /// Stops listening, the watchdog too: the process hands its signals to another (a worker after `undo`).
    func cancel() {
        for source in sources { source.cancel() }
        sources.removeAll()
    }

    /// The conventional exit status for a process ended by `signal`: 128 plus its number.
    static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
