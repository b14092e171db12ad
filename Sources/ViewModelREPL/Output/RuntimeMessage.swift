/// Finds the Swift runtime's message of a trap in raw bytes of standard error, and writes it as
/// JSON string content: for the crash handler, so with no allocation and no lock.
///
/// The runtime writes `FILE:LINE: Fatal error: MESSAGE` (or `Precondition failed`, `Assertion
/// failed`) on a line of its own before it traps; the last such line is the one.
enum RuntimeMessage {
    /// Where the message (from its kind on) and the place before it are in the bytes searched.
    struct Found {
        var message: Range<Int>
        var place: Range<Int>?
    }

    /// The last runtime message in `bytes`, if any.
    static func find(in bytes: UnsafeBufferPointer<UInt8>) -> Found? {
        var end = bytes.count
        while end > 0 {
            var start = end - 1
            while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
            if let kind = kind(in: bytes, start..<end) {
                var lineEnd = end
                while lineEnd > kind, bytes[lineEnd - 1] == UInt8(ascii: "\n") || bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
                // `FILE:LINE: ` before the kind is its place.
                let place: Range<Int>? =
                    kind - start > 2 && bytes[kind - 2] == UInt8(ascii: ":") && bytes[kind - 1] == UInt8(ascii: " ") ? start..<(kind - 2) : nil
                return Found(message: kind..<lineEnd, place: place)
            }
            end = start
        }
        return nil
    }

    /// Where in `line` of `bytes` a runtime message's kind starts, if it holds one.
    private static func kind(in bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        // Three calls, not a loop over an array: the crash handler may not allocate.
        find("Fatal error", in: bytes, line) ?? find("Precondition failed", in: bytes, line) ?? find("Assertion failed", in: bytes, line)
    }

    /// Where `kind` starts in `line` of `bytes`, if it is there.
    private static func find(_ kind: StaticString, in bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int? {
        do {
            let found = kind.withUTF8Buffer { pattern -> Int? in
                guard line.count >= pattern.count else { return nil }
                var index = line.lowerBound
                while index + pattern.count <= line.upperBound {
                    var matches = true
                    for offset in 0..<pattern.count where bytes[index + offset] != pattern[offset] {
                        matches = false
                        break
                    }
                    if matches { return index }
                    index += 1
                }
                return nil
            }
            return found
        }
    }

    /// Writes `bytes[range]` into `buffer` from `count` as the content of a JSON string, stopping
    /// before `limit`, at a character's end: quotes and backslashes escaped, control characters
    /// left out, bytes that are not UTF-8 as U+FFFD. Returns the new count.
    static func escape(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into buffer: UnsafeMutableBufferPointer<UInt8>, at count: Int, limit: Int)
        -> Int
    {
        var count = count
        let limit = min(limit, buffer.count)
        var index = range.lowerBound
        func put(_ byte: UInt8) {
            buffer[count] = byte
            count += 1
        }
        while index < range.upperBound, count + 6 <= limit {
            let byte = bytes[index]
            if byte < 0x20 {
                index += 1
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                put(UInt8(ascii: "\\"))
                put(byte)
                index += 1
            } else if byte < 0x80 {
                put(byte)
                index += 1
            } else {
                let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 && byte < 0xF0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
                var valid = length > 0 && index + length <= range.upperBound
                if valid {
                    for offset in 1..<length where bytes[index + offset] & 0xC0 != 0x80 { valid = false }
                    // No overlong form, no surrogate, nothing past U+10FFFF.
                    let second = bytes[index + 1]
                    if (byte == 0xE0 && second < 0xA0) || (byte == 0xED && second > 0x9F) || (byte == 0xF0 && second < 0x90) || (byte == 0xF4 && second > 0x8F)
                    {
                        valid = false
                    }
                }
                if valid {
                    for offset in 0..<length { put(bytes[index + offset]) }
                    index += length
                } else {
                    // U+FFFD as UTF-8.
                    put(0xEF)
                    put(0xBF)
                    put(0xBD)
                    index += 1
                }
            }
        }
        return count
    }
}
