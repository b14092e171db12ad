/// Turns the bytes a terminal sends into Unicode scalars, one scalar per complete UTF-8 sequence.
///
/// The editor's character reader hands libedit wide characters, so a typed emoji must be
/// decoded here rather than passed on byte by byte.
package struct UTF8Assembler {
    private var bytes: [UInt8] = []
    private var expected = 0

    package init() {}

    /// Feeds one byte; returns the scalars it completes: none mid-sequence, one usually, and two
    /// when it breaks a sequence (U+FFFD for the broken one, then what the byte itself starts).
    package mutating func feed(_ byte: UInt8) -> [Unicode.Scalar] {
        guard !bytes.isEmpty else { return start(byte) }
        guard byte & 0xC0 == 0x80 else {
            bytes.removeAll()
            return ["\u{FFFD}"] + start(byte)
        }
        bytes.append(byte)
        guard bytes.count == expected else { return [] }
        defer { bytes.removeAll() }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return [scalar] }
        return ["\u{FFFD}"]
    }

    private mutating func start(_ byte: UInt8) -> [Unicode.Scalar] {
        switch byte {
        case 0x00..<0x80: return [Unicode.Scalar(byte)]
        case 0xC2..<0xE0: expected = 2
        case 0xE0..<0xF0: expected = 3
        case 0xF0..<0xF5: expected = 4
        default: return ["\u{FFFD}"]
        }
        bytes = [byte]
        return []
    }
}
