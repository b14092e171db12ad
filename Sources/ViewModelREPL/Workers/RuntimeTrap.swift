/// What ended a worker that did not exit: the runtime's own message and place when it wrote one
/// (`Fatal error: Index out of range` at `Swift/ContiguousArrayBuffer.swift:691`), and the signal.
package struct RuntimeTrap: Equatable, Sendable {
    /// The runtime's message from its kind on (`Fatal error: …`); `nil` when none was written.
    package var message: String?
    /// The file and line the runtime named, as it wrote them.
    package var place: String?
    /// The signal that ended the process.
    package var signal: Int32

    package init(message: String?, place: String?, signal: Int32) {
        self.message = message
        self.place = place
        self.signal = signal
    }

    /// The trap `stderr` (a process's last output on standard error) tells of, ended by `signal`:
    /// the last line that holds a runtime message, read as the crash handler reads it.
    package init(stderr: [UInt8], signal: Int32) {
        self.signal = signal
        stderr.withUnsafeBufferPointer { bytes in
            guard let found = RuntimeMessage.find(in: bytes) else { return }
            message = String(decoding: bytes[found.message], as: UTF8.self)
            place = found.place.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    /// What a person reads: the message and its place, or the signal alone.
    package var description: String {
        guard let message else { return Messages.signalled(signal) }
        return place.map { "\(message) (\($0))" } ?? message
    }
}
