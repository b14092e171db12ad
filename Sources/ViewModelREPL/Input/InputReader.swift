import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a file descriptor on its own thread and hands complete lines to the main actor in batches
/// (the MCP server, which must read a cancellation while a call runs; pipe sessions read on the
/// main actor with ``MainThreadReader``).
///
/// A batch holds every line one `read` completed; the reader waits until the batch is handled
/// before reading on, so memory stays bounded however fast the input arrives.
package final class InputReader: Sendable {
    private let fd: Int32
    package let maximumLineLength: Int
    private let handled = DispatchSemaphore(value: 0)
    /// Whether ``stop()`` was called, and what the reading thread had read of a line not yet whole.
    private let stopping = Stopping()
    /// A pipe ``stop()`` writes to, so the reading thread, waiting for input, wakes.
    private let wake: (read: Int32, write: Int32)

    package init(fileDescriptor fd: Int32, maximumLineLength: Int = LineSplitter.defaultMaximumLength) {
        self.fd = fd
        self.maximumLineLength = maximumLineLength
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for end in fds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        wake = (fds[0], fds[1])
    }

    deinit {
        for end in [wake.read, wake.write] where end >= 0 { close(end) }
    }

    /// What stopping the reader shares with its thread.
    private final class Stopping: @unchecked Sendable {
        /// Guards the members below.
        let lock = NSLock()
        var requested = false
        var rest: (bytes: [UInt8], skipping: Bool)?
        let finished = DispatchSemaphore(value: 0)
    }

    /// Stops reading (the batches end) and returns the bytes read of a line not yet whole: nothing
    /// more is read from the descriptor, which another reader may take over (an MCP session that
    /// an `undo` hands to a worker). Waits for the reading thread to stop.
    package func stop() -> (bytes: [UInt8], skipping: Bool) {
        let running = stopping.lock.withLock {
            stopping.requested = true
            return stopping.rest == nil
        }
        if running {
            var byte: UInt8 = 1
            _ = write(wake.write, &byte, 1)
            handled.signal()
            stopping.finished.wait()
        }
        return stopping.lock.withLock { stopping.rest ?? ([], false) }
    }

    /// The batches of lines, ending at end of input or a read error.
    package func batches() -> AsyncStream<[InputLine]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [InputLine].self, bufferingPolicy: .unbounded)
        let thread = Thread { [self] in self.readLoop(continuation) }
        thread.start()
        return stream
    }

    /// Lets the reader read on: call once per batch, after handling it.
    package func batchHandled() {
        handled.signal()
    }

    private func readLoop(_ continuation: AsyncStream<[InputLine]>.Continuation) {
        var splitter = LineSplitter(maximumLength: maximumLineLength)
        let capacity = 1 << 16
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: capacity, alignment: 1)
        defer { buffer.deallocate() }
        defer { stopping.finished.signal() }
        while true {
            // Input, or a stop: nothing is read once stopped.
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, wake.read >= 0 ? 2 : 1, -1) < 0, errno == EINTR { continue }
            let stopped = stopping.lock.withLock {
                guard stopping.requested else { return false }
                stopping.rest = splitter.takePending()
                return true
            }
            if stopped {
                continuation.finish()
                return
            }
            let count = systemRead(fd, buffer.baseAddress, capacity)
            if count < 0, errno == EINTR { continue }
            var lines: [InputLine] = []
            if count <= 0 {
                splitter.finish(into: &lines)
                if !lines.isEmpty {
                    continuation.yield(lines)
                    handled.wait()
                }
                stopping.lock.withLock { stopping.rest = ([], false) }
                continuation.finish()
                return
            }
            splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), into: &lines)
            if !lines.isEmpty {
                continuation.yield(lines)
                handled.wait()
            }
        }
    }
}
