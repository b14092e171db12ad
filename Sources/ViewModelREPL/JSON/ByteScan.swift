/// Finds the bytes a JSON string or an input line must stop at, eight bytes at a time.
///
/// Each word of eight bytes is tested at once (bit tricks that can flag a byte by mistake, never
/// miss one); only a flagged word is looked at byte by byte.
package enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Flags the words holding a byte equal to `byte` (and perhaps, wrongly, others above it).
    @inline(__always)
    private static func mayHold(_ word: UInt64, _ byte: UInt8) -> Bool {
        let x = word ^ (UInt64(byte) &* ones)
        return (x &- ones) & ~x & highs != 0
    }

    /// Flags the words holding a byte below 0x20.
    @inline(__always)
    private static func mayHoldControl(_ word: UInt64) -> Bool {
        (word &- 0x2020_2020_2020_2020) & ~word & highs != 0
    }

    /// The position of the first quote, backslash or control character (below 0x20) at or after
    /// `start`, where a JSON string's plain run ends; `buffer.count` when there is none.
    package static func stringEnd(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        if let base = buffer.baseAddress {
            while position + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                if mayHoldControl(word) || mayHold(word, UInt8(ascii: "\"")) || mayHold(word, UInt8(ascii: "\\")) {
                    for offset in position..<position + 8 where isStringEnd(buffer[offset]) { return offset }
                }
                position += 8
            }
        }
        while position < buffer.count, !isStringEnd(buffer[position]) { position += 1 }
        return position
    }

    @inline(__always)
    private static func isStringEnd(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The position of the first control character a line may not hold (below 0x20 but tab, or
    /// DEL), or `nil`; and whether any byte is outside ASCII.
    package static func lineCheck(_ buffer: UnsafeBufferPointer<UInt8>) -> (control: Int?, isASCII: Bool) {
        var highBits: UInt64 = 0
        var position = 0
        if let base = buffer.baseAddress {
            while position + 8 <= buffer.count {
                let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
                highBits |= word
                if mayHoldControl(word) || mayHold(word, 0x7F) {
                    for offset in position..<position + 8 where isForbidden(buffer[offset]) { return (offset, false) }
                }
                position += 8
            }
        }
        var tail: UInt8 = 0
        while position < buffer.count {
            let byte = buffer[position]
            if isForbidden(byte) { return (position, false) }
            tail |= byte
            position += 1
        }
        return (nil, (highBits & highs) == 0 && tail < 0x80)
    }

    @inline(__always)
    private static func isForbidden(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }
}
