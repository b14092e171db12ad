/// Writes a JSON array whose elements are sorted by their text, as sets are printed: every element
/// is written into one scratch buffer, and the pieces are put in order at the end.
struct SortedArrayWriter {
    private let scratch = ByteBuffer()
    private var ranges: [Range<Int>] = []

    init(capacity: Int = 0) {
        ranges.reserveCapacity(capacity)
    }

    /// Adds one element, which `write` writes into the buffer it is given.
    mutating func add(_ write: (ByteBuffer) throws -> Void) rethrows {
        let start = scratch.count
        try write(scratch)
        ranges.append(start..<scratch.count)
    }

    /// Writes the array to `out`, its elements sorted by their text.
    mutating func write(to out: ByteBuffer) {
        withExtendedLifetime(scratch) {
            let bytes = scratch.bytes
            ranges.sort { bytes[$0].lexicographicallyPrecedes(bytes[$1]) }
            out.append(UInt8(ascii: "["))
            for (offset, range) in ranges.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                out.append(UnsafeRawBufferPointer(rebasing: bytes[range]))
            }
            out.append(UInt8(ascii: "]"))
        }
    }
}
