#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Splits a byte stream into checked lines: LF or CRLF endings, a length limit, UTF-8 and
/// control-character checks, and a UTF-8 byte-order mark at the very start skipped.
///
/// A line longer than the limit is never held whole: its bytes are dropped as they arrive and it
/// becomes one rejected line when its newline comes.
package struct LineSplitter {
    /// The default longest line, in bytes (without its newline).
    package static let defaultMaximumLength = 1 << 20

    package let maximumLength: Int
    private var pending: [UInt8] = []
    private var isSkipping = false
    private var lineNumber = 0

    /// - Parameter after: the number of the line before the first (a session resumed in another process goes on counting).
    package init(maximumLength: Int = defaultMaximumLength, after: Int = 0) {
        self.maximumLength = max(1, maximumLength)
        lineNumber = after
    }

    /// The bytes of a line begun but not ended yet, taken out (a session handing its input over),
    /// and whether the line is past the limit already, so what is left of it is to be skipped.
    package mutating func takePending() -> (bytes: [UInt8], skipping: Bool) {
        defer { pending.removeAll() }
        return isSkipping ? ([], true) : (pending, false)
    }

    /// Starts in the middle of a line past the limit: what comes up to its end is skipped and
    /// answered as too long (a session resumed where the one before stopped reading).
    package mutating func startSkipping() {
        isSkipping = true
    }

    /// The bytes of a line that is rejected as `error` says, for another reader to reject alike.
    package static func bytesRejected(as error: ReplError, limit: Int) -> [UInt8] {
        switch error.reason {
        case .invalidUTF8: [0xFF]
        case .controlCharacter(let byte): [byte]
        default: [UInt8](repeating: UInt8(ascii: "x"), count: limit + 2)
        }
    }

    /// Feeds `chunk` and appends every line it completes to `lines`.
    package mutating func feed(_ chunk: UnsafeRawBufferPointer, into lines: inout [InputLine]) {
        var start = 0
        while start < chunk.count {
            guard let found = memchr(chunk.baseAddress! + start, 0x0A, chunk.count - start) else {
                append(UnsafeRawBufferPointer(rebasing: chunk[start...]))
                return
            }
            let newline = UnsafeRawPointer(found) - chunk.baseAddress!
            if pending.isEmpty, !isSkipping {
                // A whole line inside the chunk is checked where it lies, not copied first.
                lines.append(line(UnsafeRawBufferPointer(rebasing: chunk[start..<newline]).bindMemory(to: UInt8.self)))
            } else {
                append(UnsafeRawBufferPointer(rebasing: chunk[start..<newline]))
                lines.append(takeLine())
            }
            start = newline + 1
        }
    }

    /// Ends the input: a last line without a newline still counts.
    package mutating func finish(into lines: inout [InputLine]) {
        if !pending.isEmpty || isSkipping { lines.append(takeLine()) }
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard !isSkipping else { return }
        if pending.count + bytes.count > maximumLength + 1 {
            // One byte of slack keeps the '\r' of a CRLF line of exactly the maximum length.
            isSkipping = true
            pending.removeAll()
            return
        }
        pending.append(contentsOf: bytes)
    }

    private mutating func takeLine() -> InputLine {
        defer {
            pending.removeAll(keepingCapacity: pending.capacity <= 1 << 16)
            isSkipping = false
        }
        if isSkipping {
            lineNumber += 1
            return InputLine(number: lineNumber, content: .rejected(ReplError(.lineTooLong(limit: maximumLength))))
        }
        return pending.withUnsafeBufferPointer { line($0) }
    }

    /// The next line, made of `bytes` (its newline left out).
    private mutating func line(_ bytes: UnsafeBufferPointer<UInt8>) -> InputLine {
        lineNumber += 1
        var bytes = bytes
        // A byte-order mark some editors put at the start of a file is not part of the first command.
        if lineNumber == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            bytes = UnsafeBufferPointer(rebasing: bytes.dropFirst(3))
        }
        if bytes.last == 0x0D { bytes = UnsafeBufferPointer(rebasing: bytes.dropLast()) }
        if bytes.count > maximumLength {
            return InputLine(number: lineNumber, content: .rejected(ReplError(.lineTooLong(limit: maximumLength))))
        }
        return InputLine(number: lineNumber, content: Self.check(bytes))
    }

    /// The line as text, or why it is rejected.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>) -> InputLine.Content {
        let (control, isASCII) = ByteScan.lineCheck(bytes)
        if let control {
            let column = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<control]), as: UTF8.self).count + 1
            return .rejected(ReplError(.controlCharacter(bytes[control]), column: column))
        }
        var text = String(decoding: bytes, as: UTF8.self)
        if isASCII { return .text(text) }
        // Decoding repairs what is not UTF-8; the line was UTF-8 when nothing needed repair.
        // (String(validating:) would say so directly, but needs macOS 15.)
        let isValid = text.withUTF8 { utf8 in
            utf8.count == bytes.count && (bytes.isEmpty || memcmp(utf8.baseAddress!, bytes.baseAddress!, utf8.count) == 0)
        }
        return isValid ? .text(text) : .rejected(ReplError(.invalidUTF8))
    }
}
