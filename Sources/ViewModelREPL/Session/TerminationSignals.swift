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
/// always finished first.
@MainActor
final class TerminationSignals {
    private var sources: [any DispatchSourceSignal] = []

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
                MainActor.assumeIsolated { handler(number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// The conventional exit status for a process ended by `signal`: 128 plus its number.
    static func exitStatus(for signal: Int32) -> Int32 { 128 + signal }
}
