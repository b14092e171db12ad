import Dispatch

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
#endif

/// Reads a file descriptor on the main actor, so a request is handled on the thread that read it.
///
/// A driver that waits for each reply sends its next request a few microseconds after the reply
/// is written: the reader watches for it for a moment (``spin``) and reads it at once, with no
/// hand-off between threads. Only when nothing comes does it wait for input on another thread,
/// leaving the main actor free for loads finishing meanwhile.
@MainActor
package final class MainThreadReader {
    private let fd: Int32
    private var splitter: LineSplitter
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
    private var isFinished = false
    /// How long to watch for input before waiting on another thread.
    private let spin: Duration

    package init(
        fileDescriptor fd: Int32, maximumLineLength: Int = LineSplitter.defaultMaximumLength, spin: Duration = .microseconds(200), after line: Int = 0
    ) {
        self.fd = fd
        self.spin = spin
        splitter = LineSplitter(maximumLength: maximumLineLength, after: line)
    }

    /// The bytes read but not yet a line, taken out (a session handing its input over to another
    /// process), and whether they belong to a line past the limit.
    package func takePending() -> (bytes: [UInt8], skipping: Bool) {
        splitter.takePending()
    }

    /// The longest line accepted.
    package var maximumLineLength: Int { splitter.maximumLength }

    /// Starts in the middle of a line past the limit (see ``LineSplitter/startSkipping()``).
    package func startSkipping() {
        splitter.startSkipping()
    }

    isolated deinit {
        buffer.deallocate()
    }

    /// The lines one `read` completed; `nil` at end of input or a read error.
    package func nextBatch() async -> [InputLine]? {
        while !isFinished {
            if !isReady(within: spin) { await Self.waitUntilReadable(fd) }
            var lines: [InputLine] = []
            let count = systemRead(fd, buffer.baseAddress, buffer.count)
            // Room for short lines at once, instead of growing the batch 1, 2, 4, … thousands.
            if count > 0 { lines.reserveCapacity(count / 16 + 1) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            if count <= 0 {
                isFinished = true
                splitter.finish(into: &lines)
            } else {
                splitter.feed(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), into: &lines)
            }
            if !lines.isEmpty { return lines }
        }
        return nil
    }

    /// Whether more input is waiting to be read, without blocking.
    package func hasInputReady() -> Bool {
        Self.poll(fd, timeout: 0)
    }

    /// Polls for input until it is ready or `duration` has passed.
    private func isReady(within duration: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: duration)
        repeat {
            if Self.poll(fd, timeout: 0) { return true }
        } while ContinuousClock.now < deadline
        return false
    }

    /// Whether `fd` is readable (or at its end) within `timeout` milliseconds; an error other
    /// than an interruption counts as readable, so the read that follows reports it.
    private nonisolated static func poll(_ fd: Int32, timeout: Int32) -> Bool {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        #if canImport(Glibc)
            let result = Glibc.poll(&descriptor, 1, timeout)
        #else
            let result = Darwin.poll(&descriptor, 1, timeout)
        #endif
        return result > 0 || (result < 0 && errno != EINTR)
    }

    /// Suspends until `fd` is readable (or at its end), polling on a thread of its own.
    private nonisolated static func waitUntilReadable(_ fd: Int32) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                while !poll(fd, timeout: -1) {}
                continuation.resume()
            }
        }
    }
}
