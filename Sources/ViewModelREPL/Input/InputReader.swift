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
    private let maximumLineLength: Int
    private let handled = DispatchSemaphore(value: 0)

    package init(fileDescriptor fd: Int32, maximumLineLength: Int = LineSplitter.defaultMaximumLength) {
        self.fd = fd
        self.maximumLineLength = maximumLineLength
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
        while true {
            let count = systemRead(fd, buffer.baseAddress, capacity)
            if count < 0, errno == EINTR { continue }
            var lines: [InputLine] = []
            if count <= 0 {
                splitter.finish(into: &lines)
                if !lines.isEmpty {
                    continuation.yield(lines)
                    handled.wait()
                }
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
