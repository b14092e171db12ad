import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the whole lines the output holds but has not written yet when the process is about to
/// end without the main actor's help: a crash in a view model (SIGSEGV, SIGBUS, SIGILL, SIGTRAP,
/// SIGABRT, SIGFPE), or a termination signal the main actor has not acted on within
/// ``terminationGrace`` (it is busy writing a huge state, or an action never returns).
///
/// The output channel publishes where its buffer is and how many of its bytes are whole lines
/// (one store per line on the hot path, ``Lines``); the handlers write those bytes with write(2)
/// and nothing else — no allocation, no lock — so a half line is never written.
package enum EmergencyFlush {
    /// Where the output's whole lines are: the buffer's address and how many bytes from it.
    package struct Lines {
        /// The buffer's first byte, kept by the buffer as it moves.
        package var address: UnsafeRawPointer?
        /// How many bytes from it are whole lines not yet written.
        package var count = 0
    }

    /// What the handlers read: plain words, allocated once and never freed.
    private struct State {
        /// The descriptor the lines go to; -1 while no channel is published.
        var fd: Int32 = -1
        /// The thread the main actor runs on, which the watchdog interrupts.
        var mainThread: pthread_t?
        /// The crash handlers' alternate stack, kept for the life of the process (and so never a leak).
        var alternateStack: UnsafeMutableRawPointer?
        /// The termination signal the watchdog stopped waiting on; 0 before.
        var termination: Int32 = 0
        /// Whether a watchdog is counting already.
        var watchdogArmed = false
        /// Whether the main actor took the signal and is ending the process itself (written and
        /// read on the watchdog's queue only).
        var signalTaken = false
        /// Whether standard error passes through ``StandardErrorTap``, whose tail holds the runtime's message.
        var tapped = false
    }

    nonisolated(unsafe) private static let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()

    /// Where the channel of the process's output publishes its lines.
    nonisolated(unsafe) private static let lines: UnsafeMutablePointer<Lines> = {
        let lines = UnsafeMutablePointer<Lines>.allocate(capacity: 1)
        lines.initialize(to: Lines())
        return lines
    }()

    /// Where channels that are not the process's output publish their lines: read by no one.
    nonisolated(unsafe) private static let unread: UnsafeMutablePointer<Lines> = {
        let lines = UnsafeMutablePointer<Lines>.allocate(capacity: 1)
        lines.initialize(to: Lines())
        return lines
    }()

    /// The request a crash answers, as the crash handler reads it: plain words.
    package struct Request {
        /// Whether a crash writes an error line answering it (pipe and script sessions).
        var answers = false
        /// Its input line.
        var line = 0
        /// The `seq` the next line of the output gets.
        var seq = 0
        /// How many bytes of ``requestID`` its `id` takes, as JSON; 0 for none.
        var idLength = 0
        /// Whether a crash is said in words on standard error (a terminal session).
        var inWords = false
        /// Whether a fresh process carries that session on after a crash.
        var carriedOn = false
    }

    /// The request running now (or last), for the crash handler's error line.
    nonisolated(unsafe) private static let request: UnsafeMutablePointer<Request> = {
        let request = UnsafeMutablePointer<Request>.allocate(capacity: 1)
        request.initialize(to: Request())
        return request
    }()

    /// Where the crash handler builds its error line: made at install, as the handler may not allocate.
    nonisolated(unsafe) private static let lineBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4096)

    /// The JSON of the request's `id`, up to ``maximumIDLength`` bytes.
    nonisolated(unsafe) private static let requestID = UnsafeMutablePointer<UInt8>.allocate(capacity: maximumIDLength)
    private static let maximumIDLength = 256

    /// From now on a crash in a view model writes an error line answering the request that was
    /// running (`code: crashed`), after the lines owed, before the process ends by the signal;
    /// or, with `false`, no more (a replay whose lines are not written).
    @MainActor
    package static func answerCrashes(_ answers: Bool = true) {
        request.pointee.answers = answers
    }

    /// Whether a crash writes an error line answering the request that was running.
    @MainActor
    package static var answersCrashes: Bool { request.pointee.answers }

    /// From now on a crash in a view model is said in words on standard error, naming the line
    /// that was running, after the runtime's own message (a terminal session).
    /// `carriedOn`: a fresh process carries the session on (``TerminalKeeper``), and the words say so.
    @MainActor
    package static func sayCrashesInWords(carriedOn: Bool = false) {
        request.pointee.inWords = true
        request.pointee.carriedOn = carriedOn
    }

    /// From now on standard error passes through a pipe whose last bytes a crash's error line
    /// quotes the runtime's message and place from; nothing changes where that cannot be.
    @MainActor
    package static func quoteRuntimeMessages() {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return }
        state.pointee.tapped = StandardErrorTap.install()
    }

    /// The request about to run: its line, and its `id` where it has one.
    @MainActor
    static func noteRequest(_ tag: RequestTag) {
        request.pointee.line = tag.line
        guard let id = tag.id else {
            request.pointee.idLength = 0
            return
        }
        // No id while its bytes change: a crash on another thread meanwhile writes none, not half of one.
        request.pointee.idLength = 0
        let bytes = JSONWriter.bytes(id)
        guard bytes.count <= maximumIDLength else { return }
        bytes.withUnsafeBufferPointer { requestID.update(from: $0.baseAddress!, count: $0.count) }
        request.pointee.idLength = bytes.count
    }

    /// The `seq` the next line of the output gets.
    @MainActor
    static func noteNextSeq(_ seq: Int) {
        request.pointee.seq = seq
    }

    /// Each signal's action before ours, restored before the signal is raised again.
    nonisolated(unsafe) private static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: 65)
        actions.initialize(repeating: sigaction(), count: 65)
        return actions
    }()

    /// The signals a crash raises.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]
    /// The signal the watchdog interrupts the main thread with.
    static let watchdogSignal = SIGUSR2
    /// How long the main actor has to act on a termination signal before the watchdog ends the process.
    package static let terminationGrace: DispatchTimeInterval = .seconds(2)
    /// How long the main thread then has to write its lines (a reader that stopped reading may
    /// block it) before the watchdog ends the process without them.
    static let flushGrace: DispatchTimeInterval = .seconds(1)
    /// How long the main actor has to end the process once it took the signal (writing the lines
    /// it owes and a trace page) before the watchdog ends it anyway.
    package static let endingGrace: DispatchTimeInterval = .seconds(10)
    private static let watchdogQueue = DispatchQueue(label: "vmrepl.watchdog")

    /// Where the channel writing to `fd` (the process's output) publishes its whole lines.
    @MainActor
    static func publishedLines(for fd: Int32) -> UnsafeMutablePointer<Lines> {
        state.pointee.fd = fd
        return lines
    }

    /// Where any other channel publishes its lines.
    @MainActor
    static var unreadLines: UnsafeMutablePointer<Lines> { unread }

    /// Installs the crash handlers (on an alternate stack, so a stack overflow still reaches them)
    /// and the watchdog's, on the main thread.
    @MainActor
    package static func install() {
        state.pointee.mainThread = pthread_self()
        // Made now, not first in a crash handler (where their lazy start would call malloc).
        request.pointee.answers = false
        requestID.pointee = 0
        lineBuffer[0] = 0
        let stackSize = 1 << 16
        var stack = stack_t()
        if state.pointee.alternateStack == nil {
            state.pointee.alternateStack = UnsafeMutableRawPointer.allocate(byteCount: stackSize, alignment: 16)
        }
        stack.ss_sp = state.pointee.alternateStack
        stack.ss_size = stackSize
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        for signal in fatalSignals { setAction(signal, handler: { EmergencyFlush.crashed($0) }, saving: true) }
        setAction(watchdogSignal, handler: { EmergencyFlush.overdue($0) }, saving: false)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, watchdogSignal)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    private static func setAction(_ signal: Int32, handler: @convention(c) (Int32) -> Void, saving: Bool) {
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = handler
        #else
            action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = Int32(SA_ONSTACK)
        sigaction(signal, &action, saving ? previousActions + Int(signal) : nil)
    }

    /// Starts counting ``terminationGrace`` for `signal`, once; called off the main actor as the
    /// signal arrives. If the process still runs then, the main thread is interrupted to write
    /// its whole lines and exit with 128 + `signal`.
    nonisolated static func armWatchdog(for signal: Int32) {
        watchdogQueue.async {
            guard !state.pointee.watchdogArmed else { return }
            state.pointee.watchdogArmed = true
            watchdogQueue.asyncAfter(deadline: .now() + terminationGrace) {
                // Taken: the main actor is ending the process; it is not interrupted, only bounded.
                if state.pointee.signalTaken {
                    watchdogQueue.asyncAfter(deadline: .now() + endingGrace) { _exit(128 + signal) }
                    return
                }
                state.pointee.termination = signal
                if let main = state.pointee.mainThread { pthread_kill(main, watchdogSignal) }
                watchdogQueue.asyncAfter(deadline: .now() + flushGrace) { _exit(128 + signal) }
            }
        }
    }

    /// Tells the watchdog that the main actor took a termination signal and is ending the process
    /// itself: it is then given ``endingGrace`` instead of being interrupted.
    @MainActor
    static func signalTaken() {
        watchdogQueue.sync { state.pointee.signalTaken = true }
    }

    /// The crash handler: writes the whole lines, then lets the signal take its course as it
    /// would have (the action before ours, the default one or the runtime's backtracer).
    private static func crashed(_ signal: Int32) {
        writePending()
        answerCrash(signal)
        sayCrash()
        if state.pointee.tapped, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { StandardErrorTap.restoreForCrash() }
        sigaction(signal, previousActions + Int(signal), nil)
        // Blocked while this handler runs: delivered once it returns (a fault also recurs).
        raise(signal)
    }

    /// The watchdog's handler, run on the main thread wherever it is: writes the whole lines and exits.
    private static func overdue(_: Int32) {
        let termination = state.pointee.termination
        guard termination != 0 else { return }
        writePending()
        _exit(128 + termination)
    }

    /// Writes the error line answering the request that was running, with write(2) alone, from
    /// a buffer made at install: no allocation, no lock.
    private static func answerCrash(_ signal: Int32) {
        let fd = state.pointee.fd
        let running = request.pointee
        guard running.answers, fd >= 0 else { return }
        request.pointee.answers = false
        var quoted = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        if state.pointee.tapped, #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            quoted = StandardErrorTap.settledTail()
        }
        let runtime = RuntimeMessage.find(in: quoted)
        var line = HandlerLine(buffer: lineBuffer)
        line.add(#"{"type":"error","seq":"#)
        line.add(number: running.seq)
        if running.idLength > 0 {
            line.add(#","id":"#)
            line.add(UnsafeBufferPointer(start: requestID, count: running.idLength))
        }
        line.add(#","line":"#)
        line.add(number: running.line)
        line.add(#","code":"crashed","message":"#)
        if let runtime {
            // Room is left for the rest of the line: a message is cut at a character's end.
            line.add("\"")
            line.count = RuntimeMessage.escape(quoted, runtime.message, into: line.buffer, at: line.count, limit: 3000)
            line.add("\"")
            if let place = runtime.place {
                line.add(#","place":""#)
                line.count = RuntimeMessage.escape(quoted, place, into: line.buffer, at: line.count, limit: 3700)
                line.add("\"")
            }
        } else {
            line.add(Messages.crashedMessage)
        }
        line.add(#","signal":"#)
        line.add(number: Int(signal))
        line.add("}\n")
        line.send(to: fd)
    }

    /// Says at a terminal which line trapped, with write(2) alone, from bytes on the stack.
    private static func sayCrash() {
        guard request.pointee.inWords else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            var line = HandlerLine(buffer: buffer)
            line.add(Messages.crashedInWordsBefore)
            line.add(number: request.pointee.line)
            line.add(request.pointee.carriedOn ? Messages.crashedInWordsAfterCarryingOn : Messages.crashedInWordsAfter)
            line.send(to: STDERR_FILENO)
        }
    }

    /// A line a crash handler builds in a buffer made beforehand and writes with write(2) alone:
    /// nothing allocated, no lock taken. What does not fit is left out.
    private struct HandlerLine {
        let buffer: UnsafeMutableBufferPointer<UInt8>
        var count = 0

        mutating func add(_ text: StaticString) {
            text.withUTF8Buffer { add($0) }
        }

        mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
            for byte in bytes where count < buffer.count {
                buffer[count] = byte
                count += 1
            }
        }

        /// A whole number's digits (a negative one as 0): twenty on the stack, as an Int has at most nineteen.
        mutating func add(number: Int) {
            var digits = (UInt64(0), UInt64(0), UInt64(0))
            withUnsafeMutableBytes(of: &digits) { digits in
                var value = max(0, number)
                var length = 0
                repeat {
                    digits[length] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                    length += 1
                } while value > 0 && length < digits.count
                while length > 0, count < buffer.count {
                    length -= 1
                    buffer[count] = digits[length]
                    count += 1
                }
            }
        }

        /// Writes the line to `fd`, retrying when interrupted; gives up on an error.
        func send(to fd: Int32) {
            var offset = 0
            while offset < count {
                let written = write(fd, buffer.baseAddress! + offset, count - offset)
                if written < 0, errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }

    /// Writes the published whole lines with write(2) alone, once.
    private static func writePending() {
        let fd = state.pointee.fd
        let pending = lines.pointee
        guard fd >= 0, let address = pending.address, pending.count > 0 else { return }
        lines.pointee.count = 0
        var offset = 0
        while offset < pending.count {
            let written = write(fd, address + offset, pending.count - offset)
            if written < 0, errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }
}
