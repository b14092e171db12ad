import Foundation

/// A growable run of bytes for the per-line path: an append is a capacity check and a copy.
///
/// `[UInt8]` checks uniqueness and goes through its generic sequence path on every append, which
/// costs more than the bytes of a short line; one buffer is reused for every line and state.
/// Main-actor code (or one encoding) owns each buffer, so it is not `Sendable`.
package final class ByteBuffer {
    // Unchecked: an owner never appends while it reads, and dynamic checks cost more than the copy.
    @exclusivity(unchecked) private var base: UnsafeMutablePointer<UInt8>
    @exclusivity(unchecked) package private(set) var count = 0
    @exclusivity(unchecked) private var capacity: Int
    /// Where the buffer's address is kept up to date for a reader outside Swift (a signal
    /// handler, ``EmergencyFlush``), if anywhere.
    private var addressCell: UnsafeMutablePointer<UnsafeRawPointer?>?

    /// Creates an empty buffer with room for `capacity` bytes.
    package init(capacity: Int = 256) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Whether nothing was written since the buffer was made or emptied.
    package var isEmpty: Bool { count == 0 }

    /// The bytes written so far, valid until the next change.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// A copy of the bytes written so far.
    package var array: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// Appends one byte.
    @inline(__always)
    package func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends a copy of `bytes`.
    @inline(__always)
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        let length = bytes.count
        if count + length > capacity { grow(toHold: count + length) }
        let target = UnsafeMutableRawPointer(base + count)
        // Most appends are a few bytes (a key, a number, a fragment): two overlapping words copy
        // them faster than a call to memcpy.
        if length >= 8, length <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self), toByteOffset: length - 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self), toByteOffset: length - 4, as: UInt32.self)
        } else if length < 4 {
            target.storeBytes(of: source.load(as: UInt8.self), as: UInt8.self)
            if length > 1 {
                target.storeBytes(of: source.load(fromByteOffset: length - 1, as: UInt8.self), toByteOffset: length - 1, as: UInt8.self)
                if length > 2 { target.storeBytes(of: source.load(fromByteOffset: 1, as: UInt8.self), toByteOffset: 1, as: UInt8.self) }
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    /// Appends a copy of `bytes`.
    package func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Appends `text`'s UTF-8 bytes.
    package func append(utf8 text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends a literal's UTF-8 bytes.
    @inline(__always)
    package func append(_ text: StaticString) {
        // A literal's bytes are where the compiler put them: no closure to reach them.
        if text.hasPointerRepresentation {
            append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        } else {
            text.withUTF8Buffer { append(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Keeps `cell` holding the buffer's address from now on: set when the bytes move, before
    /// the old ones are freed, so a handler that interrupts the owner never reads freed memory.
    package func publishAddress(in cell: UnsafeMutablePointer<UnsafeRawPointer?>) {
        addressCell = cell
        cell.pointee = UnsafeRawPointer(base)
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
        addressCell?.pointee = UnsafeRawPointer(newBase)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}
