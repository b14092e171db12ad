import Foundation

/// A growable run of bytes for the per-line path: an append is a capacity check and a copy.
///
/// `[UInt8]` checks uniqueness and goes through its generic sequence path on every append, which
/// costs more than the bytes of a short line; one buffer is reused for every line and state.
/// Main-actor code (or one encoding) owns each buffer, so it is not `Sendable`.
package final class ByteBuffer {
    // Unchecked: an owner never appends while it reads, and dynamic checks cost more than the copy.
    @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int

    /// Creates an empty buffer with room for `capacity` bytes.
    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    package var isEmpty: Bool { count == 0 }

    /// The bytes written so far, valid until the next change.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of the bytes written so far.
    package var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    package subscript(position: Int) -> UInt8 { base[position] }

    @inline(__always)
    package func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(toHold: count + bytes.count) }
        (base + count).update(from: source.assumingMemoryBound(to: UInt8.self), count: bytes.count)
        count += bytes.count
    }

    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    package func append(_ text: StaticString) {
        text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
    }

    /// Forgets the bytes, keeping the room they took.
    package func removeAll() {
        count = 0
    }

    /// Cuts the buffer back to its first `newCount` bytes.
    package func truncate(to newCount: Int) {
        precondition(newCount <= count)
        count = newCount
    }

    private func grow(toHold needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
