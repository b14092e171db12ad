import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes protocol lines: one JSON object per line, numbered by `seq`, buffered and flushed whole.
///
/// Lines are built straight into the buffer, never split or interleaved, since only the main actor
/// writes. The session flushes when no further input is ready, so a driver waiting for each reply
/// never stalls while a burst of piped input is still written in large batches.
@MainActor
package final class OutputChannel {
    /// Where the bytes go; the default writes to a file descriptor.
    package typealias Sink = ([UInt8]) -> Bool

    // Unchecked: only the main actor touches it, and dynamic exclusivity checks cost ~10% of a request.
    @exclusivity(unchecked) private(set) var buffer: [UInt8] = []
    /// The `seq` the next line gets.
    @exclusivity(unchecked) package private(set) var nextSeq = 0
    private let sink: Sink
    /// Set once the reader went away (a broken pipe); later writes are dropped.
    package private(set) var isClosed = false
    /// Bytes kept before a flush is forced, whatever the input.
    private let flushThreshold = 1 << 16

    /// Creates a channel writing to `sink`; the sink returns `false` when the reader is gone.
    package init(sink: @escaping Sink) {
        self.sink = sink
        buffer.reserveCapacity(flushThreshold * 2)
    }

    /// Creates a channel writing to the file descriptor `fd`.
    package convenience init(fileDescriptor fd: Int32) {
        self.init { bytes in OutputChannel.writeAll(bytes, to: fd) }
    }

    /// Opens a line: `{"type":TYPE,"seq":N` plus the request's `id` and `line`, and `"push":true`
    /// for a line a request caused later rather than its reply.
    package func begin(_ type: StaticString, tag: RequestTag?, push: Bool = false) {
        buffer.append(contentsOf: Fragment.typeOpen)
        type.withUTF8Buffer { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: Fragment.seq)
        JSONWriter.append(nextSeq, to: &buffer)
        nextSeq += 1
        if let tag {
            if let id = tag.id {
                buffer.append(contentsOf: Fragment.id)
                JSONWriter.append(id, to: &buffer)
            }
            buffer.append(contentsOf: Fragment.line)
            JSONWriter.append(tag.line, to: &buffer)
        }
        if push { buffer.append(contentsOf: Fragment.push) }
    }

    /// Appends `,"key":` so the caller can write the value.
    package func key(_ key: StaticString) {
        buffer.append(contentsOf: Fragment.keyOpen)
        key.withUTF8Buffer { buffer.append(contentsOf: $0) }
        buffer.append(contentsOf: Fragment.keyClose)
    }

    package func field(_ name: StaticString, _ value: String) {
        key(name)
        JSONWriter.append(string: value, to: &buffer)
    }

    package func field(_ name: StaticString, _ value: Int) {
        key(name)
        JSONWriter.append(value, to: &buffer)
    }

    package func field(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.append(contentsOf: value ? Fragment.true : Fragment.false)
    }

    package func field(_ name: StaticString, _ value: JSONValue) {
        key(name)
        JSONWriter.append(value, to: &buffer)
    }

    /// Appends a member whose name is only known at run time.
    package func field(named name: String, _ value: JSONValue) {
        buffer.append(UInt8(ascii: ","))
        JSONWriter.append(string: name, to: &buffer)
        buffer.append(UInt8(ascii: ":"))
        JSONWriter.append(value, to: &buffer)
    }

    /// Appends raw JSON bytes produced elsewhere (an encoded state).
    package func raw(_ bytes: Data) {
        bytes.withUnsafeBytes { buffer.append(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Closes the line; flushes when the buffer is large.
    package func end() {
        buffer.append(contentsOf: Fragment.lineEnd)
        if buffer.count >= flushThreshold { flush() }
    }

    /// Counts a line that was shown another way (a terminal's human view), so `seq` keeps counting
    /// every line of the session when the protocol is shown again.
    package func skipLine() {
        nextSeq += 1
    }

    /// Writes everything buffered.
    package func flush() {
        guard !buffer.isEmpty else { return }
        if !isClosed, !sink(buffer) { isClosed = true }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to `fd`, retrying short writes; `false` when the reader is gone.
    nonisolated static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// The fixed parts of a line, as bytes: appending an array is a copy, appending a string's UTF-8
/// view goes byte by byte.
private enum Fragment {
    static let typeOpen = Array(#"{"type":""#.utf8)
    static let seq = Array(#"","seq":"#.utf8)
    static let id = Array(#","id":"#.utf8)
    static let line = Array(#","line":"#.utf8)
    static let push = Array(#","push":true"#.utf8)
    static let keyOpen = Array(#",""#.utf8)
    static let keyClose = Array(#"":"#.utf8)
    static let `true` = Array("true".utf8)
    static let `false` = Array("false".utf8)
    static let lineEnd = Array("}\n".utf8)
}
