import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `kill(2)`, named apart from ``WorkerProcess/kill()``.
private let sendSignal: @Sendable (pid_t, Int32) -> Int32 = { kill($0, $1) }

/// A child process of this same executable started in a worker mode, so that a trap or a hang in a
/// view model costs the child, not the session that started it.
///
/// The child reports its progress as lines on descriptor 3; its standard error is read too, kept in
/// part (the runtime's message of a trap is its last lines) and passed on when asked. Whatever it
/// writes as protocol lines goes where its standard output was given.
@MainActor
package final class WorkerProcess {
    /// How a worker ended.
    package enum Ending: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it: a trap (SIGILL, SIGTRAP), a fault (SIGSEGV, SIGBUS), or SIGKILL from here.
        case signalled(Int32)
    }

    /// What reading a worker came to.
    package enum Event: Equatable {
        /// A progress line, without its newline.
        case line(String)
        /// It ended; no more lines come.
        case ended(Ending)
        /// Nothing came within the time given; it is still running.
        case timedOut
    }

    /// Where the worker's standard error goes besides the part kept.
    package enum ErrorOutput {
        /// Passed on to this process's standard error as it comes.
        case passedOn
        /// Kept in part only (a replay's, which would repeat what was said).
        case keptOnly
    }

    /// The descriptor a worker writes its progress lines to.
    package static let progressDescriptor: Int32 = 3
    /// The most of a worker's standard error kept: its last bytes.
    private static let keptErrorBytes = 16 * 1024

    /// The worker's process id.
    package let pid: pid_t
    private var progress: Int32
    private var errors: Int32
    private var input: Int32
    private let errorOutput: ErrorOutput
    private var pending: [UInt8] = []
    /// How much of ``pending`` was searched for a newline already: a long line is searched once.
    private var searched = 0
    /// Where reads of the worker's progress and standard error land: made once, not per read.
    private var readBuffer = [UInt8](repeating: 0, count: 64 * 1024)
    private var ending: Ending?
    /// The last of what the worker wrote on its standard error.
    package private(set) var errorTail: [UInt8] = []

    /// Starts `executable` with `arguments` (the program's name first) and `environment` added to
    /// this process's; its standard output is `output` (`nil` for none), its standard input a pipe
    /// ``send(_:)`` writes to.
    ///
    /// An `attached` worker (a terminal session's, ``TerminalKeeper``) keeps this process's standard
    /// input, output and error, the terminal; ``send(_:)`` writes to its descriptor 4 instead
    /// (``KeeperLink/controlDescriptor``), and `output` and `errorOutput` are not used.
    package init(
        executable: String, arguments: [String], environment: [String: String], output: Int32?, errors errorOutput: ErrorOutput,
        attached: Bool = false
    ) throws(WorkerFailure) {
        self.errorOutput = errorOutput
        var inputPipe: [Int32] = [0, 0]
        var progressPipe: [Int32] = [0, 0]
        var errorPipe: [Int32] = [-1, -1]
        guard pipe(&inputPipe) == 0 else { throw WorkerFailure(errno) }
        guard pipe(&progressPipe) == 0 else {
            let failure = errno
            for fd in inputPipe { close(fd) }
            throw WorkerFailure(failure)
        }
        guard attached || pipe(&errorPipe) == 0 else {
            let failure = errno
            for fd in inputPipe + progressPipe { close(fd) }
            throw WorkerFailure(failure)
        }
        // No other child this process starts may hold these open: the ends would never be seen.
        for fd in inputPipe + progressPipe + errorPipe where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if attached {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], KeeperLink.controlDescriptor)
        } else {
            posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
            if let output {
                posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
            } else {
                posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        }
        posix_spawn_file_actions_adddup2(&actions, progressPipe[1], Self.progressDescriptor)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The worker starts with no signal blocked and every handled signal back to its default.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var merged = ProcessInfo.processInfo.environment
        merged.merge(environment) { $1 }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        close(inputPipe[0])
        close(progressPipe[1])
        if errorPipe[1] >= 0 { close(errorPipe[1]) }
        guard spawned == 0 else {
            for fd in [inputPipe[1], progressPipe[0], errorPipe[0]] where fd >= 0 { close(fd) }
            throw WorkerFailure(spawned)
        }
        pid = child
        input = inputPipe[1]
        progress = progressPipe[0]
        errors = errorPipe[0]
    }

    /// Writes `text` to the worker's standard input; `nil` ends it.
    package func send(_ text: String?) {
        guard input >= 0 else { return }
        guard let text else {
            close(input)
            input = -1
            return
        }
        _ = DescriptorWriter.writeAll(Array(text.utf8), to: input)
    }

    /// The next progress line, the worker's end, or ``Event/timedOut`` when nothing came within
    /// `timeout` (`nil`: however long it takes).
    package func next(within timeout: Duration?) -> Event {
        let deadline = timeout.map { ContinuousClock.now + $0 }
        while true {
            if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                searched = 0
                return .line(line)
            }
            searched = pending.count
            if let ending { return .ended(ending) }
            if progress < 0 { return .ended(finish()) }
            var wait: Int32 = -1
            if let deadline {
                let left = ContinuousClock.now.duration(to: deadline)
                if left <= .zero { return .timedOut }
                wait = Int32(clamping: Int(DurationText.seconds(left) * 1000) + 1)
            }
            var fds = [pollfd(fd: progress, events: Int16(POLLIN), revents: 0)]
            if errors >= 0 { fds.append(pollfd(fd: errors, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&fds, nfds_t(fds.count), wait)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 { continue }
            if fds.count > 1, fds[1].revents != 0 { readErrors() }
            if fds[0].revents != 0 {
                let count = read(progress, &readBuffer, readBuffer.count)
                if count > 0 {
                    pending += readBuffer[..<count]
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(progress)
                    progress = -1
                }
            }
        }
    }

    /// Passes this process's input on to the worker (`pending` first: what was read already), its
    /// standard error on, and `signals` this process gets to it, until the worker ends; how it
    /// ended. Progress lines are read and dropped: the worker is the session now. Input is passed
    /// on only as fast as the worker takes it, and its standard error is read meanwhile, so
    /// neither waits on the other.
    package func relay(input: Int32, pending: [UInt8], forwarding signals: [Int32]) -> Ending {
        let child = pid
        let forwarders = signals.map { Self.forward($0, to: child) }
        defer { for source in forwarders { source.cancel() } }
        _ = fcntl(self.input, F_SETFL, fcntl(self.input, F_GETFL) | O_NONBLOCK)
        var outgoing = pending[...]
        var reading = input
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while progress >= 0 {
            var fds = [pollfd(fd: progress, events: Int16(POLLIN), revents: 0), pollfd(fd: errors, events: Int16(POLLIN), revents: 0)]
            // What is owed the worker goes first; more is read only once it is taken.
            if !outgoing.isEmpty, self.input >= 0 {
                fds.append(pollfd(fd: self.input, events: Int16(POLLOUT), revents: 0))
            } else if reading >= 0 {
                fds.append(pollfd(fd: reading, events: Int16(POLLIN), revents: 0))
            }
            if poll(&fds, nfds_t(fds.count), -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0, errors >= 0 { readErrors() }
            if fds.count > 2, fds[2].revents != 0 {
                if !outgoing.isEmpty {
                    let written = outgoing.withUnsafeBytes { write(self.input, $0.baseAddress, $0.count) }
                    if written > 0 {
                        outgoing = outgoing.dropFirst(written)
                    } else if written < 0, errno != EINTR, errno != EAGAIN {
                        // The worker stopped reading: what it was owed is dropped.
                        outgoing = []
                    }
                    if outgoing.isEmpty, reading < 0 { send(nil) }
                } else {
                    let count = read(reading, &buffer, buffer.count)
                    if count > 0 {
                        outgoing = buffer[..<count]
                    } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                        // The end of input reaches the worker as its own.
                        reading = -1
                        send(nil)
                    }
                }
            }
            if fds[0].revents != 0 {
                let count = read(progress, &buffer, buffer.count)
                if count <= 0, count == 0 || (errno != EINTR && errno != EAGAIN) {
                    close(progress)
                    progress = -1
                }
            }
        }
        return finish()
    }

    /// A source that sends `signal` on to `child` as this process gets it. Made outside the main
    /// actor: its handler runs on a queue of its own, while the main thread waits in `poll`.
    package nonisolated static func forward(_ signal: Int32, to child: pid_t) -> any DispatchSourceSignal {
        let source = DispatchSource.makeSignalSource(signal: signal, queue: .global())
        source.setEventHandler { @Sendable in _ = sendSignal(child, signal) }
        source.resume()
        return source
    }

    /// Ends the worker now (a step that did not return), and how it ended.
    @discardableResult
    package func kill() -> Ending {
        if let ending { return ending }
        _ = sendSignal(pid, SIGKILL)
        if progress >= 0 {
            close(progress)
            progress = -1
        }
        return finish()
    }

    /// Waits for the worker to end, then reads what its standard error still holds.
    private func finish() -> Ending {
        if let ending { return ending }
        send(nil)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // What it wrote before it ended is in the pipe now; a child it started may hold the pipe
        // open, so only what is there is read.
        if errors >= 0 {
            _ = fcntl(errors, F_SETFL, fcntl(errors, F_GETFL) | O_NONBLOCK)
            while readErrors() {}
            if errors >= 0 {
                close(errors)
                errors = -1
            }
        }
        let ended: Ending = (status & 0x7F) == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
        ending = ended
        return ended
    }

    /// Reads once from the worker's standard error; whether something was read.
    @discardableResult
    private func readErrors() -> Bool {
        let count = read(errors, &readBuffer, readBuffer.count)
        guard count > 0 else {
            if count == 0 || (errno != EINTR && errno != EAGAIN) {
                close(errors)
                errors = -1
            }
            return false
        }
        if errorOutput == .passedOn { _ = DescriptorWriter.writeAll(Array(readBuffer[..<count]), to: STDERR_FILENO) }
        errorTail += readBuffer[..<count]
        if errorTail.count > Self.keptErrorBytes { errorTail.removeFirst(errorTail.count - Self.keptErrorBytes) }
        return true
    }

    /// The path of the running executable, to start workers of.
    package static var executablePath: String? {
        #if os(Linux)
            if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath
    }
}

/// A worker that could not be started: why.
package struct WorkerFailure: Error {
    package var reason: String

    package init(_ code: Int32) {
        reason = String(cString: strerror(code))
    }

    init(reason: String) {
        self.reason = reason
    }
}
