import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Passes this process's standard error on through a pipe, keeping its last bytes, so that the
/// crash handler can quote the runtime's own message of a trap (`Fatal error: Index out of range`)
/// in the error line answering the request that trapped.
///
/// The runtime writes its message to standard error before it traps, so by the time the crash
/// handler runs the bytes are in the pipe or passed on. A thread of its own passes them on; the
/// handler waits until the pipe is empty and that thread idle (``busy``), then ``frozen`` stops it
/// keeping more, and once a chunk it was keeping is done, the handler reads the kept tail.
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
enum StandardErrorTap {
    /// How many of the last bytes are kept.
    static let capacity = 4096
    /// The kept bytes: written by the passing thread only, read by the crash handler once frozen.
    nonisolated(unsafe) private static let tail = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    /// Where the passing thread reads the pipe into: made once, kept for the life of the process.
    nonisolated(unsafe) private static let passing = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    /// How many bytes of ``tail`` hold what was written.
    private static let kept = Atomic<Int>(0)
    /// Whether the passing thread is between taking bytes from the pipe and having kept them.
    private static let busy = Atomic<Bool>(false)
    /// Whether the crash handler is reading ``tail``: bytes are then only passed on.
    private static let frozen = Atomic<Bool>(false)
    /// Whether the passing thread has seen the pipe's end and stopped.
    private static let stopped = Atomic<Bool>(false)
    /// The pipe's read end, and the standard error it passes on to; -1 until installed. Set once,
    /// before the passing thread starts.
    nonisolated(unsafe) private static var readEnd: Int32 = -1
    nonisolated(unsafe) private(set) static var original: Int32 = -1

    /// Puts the pipe in front of standard error and starts passing it on; `false` when it could
    /// not (standard error stays as it was).
    @discardableResult
    static func install() -> Bool {
        guard readEnd < 0 else { return true }
        // Made now, not first in the crash handler (where their lazy start would allocate).
        tail[0] = 0
        kept.store(0, ordering: .relaxed)
        busy.store(false, ordering: .relaxed)
        frozen.store(false, ordering: .relaxed)
        stopped.store(false, ordering: .relaxed)
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return false }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0, dup2(fds[1], STDERR_FILENO) >= 0 else {
            for fd in fds + [saved] where fd >= 0 { close(fd) }
            return false
        }
        close(fds[1])
        // A worker or any other child gets the real standard error, not this pipe's ends.
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(saved, F_SETFD, FD_CLOEXEC)
        readEnd = fds[0]
        original = saved
        // The thread takes no signal: one sent to the process (SIGTERM) must reach the session's
        // signal sources, and a thread inherits the mask of the one that starts it.
        var all = sigset_t()
        var before = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &before)
        let thread = Thread { passOn() }
        thread.name = "vmrepl.stderr"
        thread.start()
        pthread_sigmask(SIG_SETMASK, &before, nil)
        atexit { StandardErrorTap.finish() }
        return true
    }

    /// Passes the pipe's bytes on, keeping the last of them, until every writer is gone.
    private static func passOn() {
        let buffer = passing
        defer { stopped.store(true, ordering: .sequentiallyConsistent) }
        while true {
            var ready = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            if poll(&ready, 1, -1) < 0 {
                if errno == EINTR { continue }
                return
            }
            busy.store(true, ordering: .sequentiallyConsistent)
            let count = read(readEnd, buffer, capacity)
            if count <= 0 {
                busy.store(false, ordering: .sequentiallyConsistent)
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                return
            }
            _ = DescriptorWriter.write(UnsafeRawBufferPointer(start: buffer, count: count), to: original)
            if !frozen.load(ordering: .sequentiallyConsistent) { keep(buffer, count) }
            busy.store(false, ordering: .sequentiallyConsistent)
        }
    }

    /// Adds `count` bytes to the tail, dropping its oldest past ``capacity``.
    private static func keep(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        var held = kept.load(ordering: .relaxed)
        if held + count > capacity {
            let keepOld = max(0, capacity - count)
            if keepOld > 0 { memmove(tail, tail + (held - keepOld), keepOld) }
            held = keepOld
        }
        let taken = min(count, capacity)
        (tail + held).update(from: bytes + (count - taken), count: taken)
        kept.store(held + taken, ordering: .releasing)
    }

    /// For the crash handler: stops keeping, waits (a tenth of a second at most) until what was
    /// written has been taken from the pipe and kept, and returns the kept bytes. No allocation.
    static func settledTail() -> UnsafeBufferPointer<UInt8> {
        // First everything written so far is kept; then keeping stops, once a chunk being kept is done.
        for _ in 0..<100 {
            var pending: Int32 = 0
            if ioctl(readEnd, UInt(FIONREAD), &pending) == 0, pending == 0, !busy.load(ordering: .sequentiallyConsistent) { break }
            usleep(1000)
        }
        frozen.store(true, ordering: .sequentiallyConsistent)
        for _ in 0..<100 where busy.load(ordering: .sequentiallyConsistent) { usleep(1000) }
        return UnsafeBufferPointer(start: tail, count: kept.load(ordering: .acquiring))
    }

    /// For the crash handler, before the signal takes its course: standard error is the real one
    /// again, so a backtrace written now does not wait on a thread that is stopped.
    static func restoreForCrash() {
        if original >= 0 { dup2(original, STDERR_FILENO) }
    }

    /// At exit: standard error (and standard output, where it was made the same) is the real one
    /// again, and what the pipe still holds is passed on before the process ends.
    private static func finish() {
        guard original >= 0 else { return }
        var pipeStatus = stat()
        guard fstat(readEnd, &pipeStatus) == 0 else { return }
        for fd in [STDOUT_FILENO, STDERR_FILENO] {
            // Both ends of a pipe are one inode.
            var status = stat()
            if fstat(fd, &status) == 0, status.st_ino == pipeStatus.st_ino, status.st_dev == pipeStatus.st_dev { dup2(original, fd) }
        }
        for _ in 0..<1000 where !stopped.load(ordering: .sequentiallyConsistent) { usleep(1000) }
    }
}
