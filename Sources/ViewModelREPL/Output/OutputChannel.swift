import Foundation

/// Writes protocol lines as bytes: one JSON object per line, buffered and flushed whole.
///
/// Lines are built straight into the buffer, never split or interleaved, since only the main actor
/// writes. The session flushes when no further input is ready, so a driver waiting for each reply
/// never stalls while a burst of piped input is still written in large batches.
@MainActor
package final class OutputChannel: ProtocolLineTarget {
    /// Where the bytes go (valid only during the call); it returns `false` when the reader is gone.
    package typealias Sink = (UnsafeRawBufferPointer) -> Bool

    private let buffer: ByteBuffer
    /// Writes the bytes; 0, or the `errno` of the write that failed.
    private let sink: (UnsafeRawBufferPointer) -> Int32
    /// Set once a write failed (the reader went away, a full disk); later writes are dropped.
    @exclusivity(unchecked) package private(set) var isClosed = false
    /// The `errno` of the write that failed, once one did: the process's exit status tells it.
    package private(set) var writeError: Int32?
    /// Bytes kept before a flush is forced, whatever the input.
    private let flushThreshold = 1 << 16
    /// The `,"screen":…,"model":…` of the last state line: every state line of a session mostly
    /// names the same screen and model, so they are written out once, not escaped each time.
    @exclusivity(unchecked) private var screenFields: (screen: String, model: ModelKind, bytes: [UInt8])?

    /// Where the whole lines of the buffer are published for ``EmergencyFlush``: its address
    /// (kept by the buffer) and how many of its bytes are whole lines.
    private let pending: UnsafeMutablePointer<EmergencyFlush.Lines>

    /// Creates a channel writing to `sink`; a sink that fails is a reader gone (`EPIPE`).
    package convenience init(sink: @escaping Sink) {
        self.init(reportingErrors: { sink($0) ? 0 : EPIPE }, pending: EmergencyFlush.unreadLines)
    }

    /// Creates a channel writing to the file descriptor `fd`, the process's output: the whole
    /// lines it holds are written by ``EmergencyFlush`` if the process ends without it.
    package convenience init(fileDescriptor fd: Int32) {
        self.init(reportingErrors: { bytes in DescriptorWriter.write(bytes, to: fd) }, pending: EmergencyFlush.publishedLines(for: fd))
    }

    private init(reportingErrors sink: @escaping (UnsafeRawBufferPointer) -> Int32, pending: UnsafeMutablePointer<EmergencyFlush.Lines>) {
        self.sink = sink
        buffer = ByteBuffer(capacity: flushThreshold * 2)
        self.pending = pending
        pending.pointee.count = 0
        buffer.publishAddress(in: pending.pointer(to: \.address)!)
    }

    /// Opens a line: `{"type":TYPE,"seq":N` plus the request's `id` and `line`, and `"push":true`
    /// for a line a request caused later rather than its reply.
    package func begin(_ type: StaticString, seq: Int, tag: RequestTag?, push: Bool) {
        buffer.append(Fragment.typeOpen)
        buffer.append(type)
        buffer.append(Fragment.seq)
        JSONWriter.append(seq, to: buffer)
        if let tag {
            if let id = tag.id {
                buffer.append(Fragment.id)
                JSONWriter.append(id, to: buffer)
            }
            buffer.append(Fragment.line)
            JSONWriter.append(tag.line, to: buffer)
        }
        if push { buffer.append(Fragment.push) }
    }

    /// Appends `,"key":` so the caller can write the value.
    private func key(_ key: StaticString) {
        buffer.append(Fragment.keyOpen)
        buffer.append(key)
        buffer.append(Fragment.keyClose)
    }

    package func field(_ name: StaticString, _ value: String) {
        key(name)
        JSONWriter.append(string: value, to: buffer)
    }

    package func field(_ name: StaticString, _ value: Int) {
        key(name)
        JSONWriter.append(value, to: buffer)
    }

    package func field(_ name: StaticString, _ value: Bool) {
        key(name)
        buffer.append(value ? Fragment.true : Fragment.false)
    }

    package func field(_ name: StaticString, _ value: JSONValue) {
        key(name)
        JSONWriter.append(value, to: buffer)
    }

    /// Appends a member whose value is JSON bytes produced elsewhere (an encoded state).
    package func field(_ name: StaticString, encoded: [UInt8]) {
        key(name)
        buffer.append(encoded)
    }

    /// Writes `,"screen":…,"model":…`, from the last state line's when they are the same.
    package func screen(_ screen: String, model: ModelKind) {
        if let fields = screenFields, fields.model == model, fields.screen == screen {
            buffer.append(fields.bytes)
            return
        }
        let bytes =
            Array(#","screen":"#.utf8) + JSONWriter.bytes(.string(screen)) + Array(#","model":"#.utf8)
            + JSONWriter.bytes(.string(model.rawValue))
        screenFields = (screen, model, bytes)
        buffer.append(bytes)
    }

    /// Closes the line; flushes when the buffer is large.
    package func end() {
        buffer.append(Fragment.lineEnd)
        pending.pointee.count = buffer.count
        if buffer.count >= flushThreshold { flush() }
    }

    /// Writes everything buffered.
    package func flush() {
        guard !buffer.isEmpty else { return }
        // The sink owns these lines now: a handler that interrupts it must not write them again.
        pending.pointee.count = 0
        if !isClosed {
            let error = sink(buffer.bytes)
            if error != 0 {
                isClosed = true
                writeError = error
            }
        }
        buffer.removeAll()
    }
}

/// The fixed parts of a line: static text, appended straight from where the compiler put it.
private enum Fragment {
    static let typeOpen: StaticString = #"{"type":""#
    static let seq: StaticString = #"","seq":"#
    static let id: StaticString = #","id":"#
    static let line: StaticString = #","line":"#
    static let push: StaticString = #","push":true"#
    static let keyOpen: StaticString = #",""#
    static let keyClose: StaticString = #"":"#
    static let `true`: StaticString = "true"
    static let `false`: StaticString = "false"
    static let lineEnd: StaticString = "}\n"
}
