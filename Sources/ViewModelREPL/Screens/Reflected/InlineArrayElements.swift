/// How an `InlineArray`'s elements are walked: it is neither a sequence nor reflected (its
/// storage is a builtin the runtime shows as `(Unknown)`), so its count and element type are read
/// from its metadata and the elements from its memory, one stride apart.
enum InlineArrayElements {
    /// A walk of the elements of a value of `type`, when it is an `InlineArray` of copyable elements.
    static func walk(for type: Any.Type) -> ((Any, (Any) throws -> Void) throws -> Void)? {
        guard String(reflecting: type).hasPrefix("Swift.InlineArray<") else { return nil }
        // Struct metadata: its kind, its descriptor, then its generic arguments in order: the
        // count (a value, `let count: Int`) and the element's metadata.
        let metadata = unsafeBitCast(type, to: UnsafePointer<UInt>.self)
        let count = Int(bitPattern: metadata[2])
        guard count >= 0, let elementAddress = UnsafeRawPointer(bitPattern: metadata[3]) else { return nil }
        // The element's value witness table, just before its metadata: its stride, and its flags,
        // whose 0x80_0000 marks a type that cannot be copied (and so cannot be read as `Any`).
        guard let witnesses = UnsafeRawPointer(bitPattern: elementAddress.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)) else { return nil }
        let stride = witnesses.load(fromByteOffset: 9 * MemoryLayout<UInt>.size, as: Int.self)
        let flags = witnesses.load(fromByteOffset: 10 * MemoryLayout<UInt>.size, as: UInt32.self)
        guard flags & 0x80_0000 == 0, stride > 0 else { return nil }
        let element = unsafeBitCast(elementAddress, to: Any.Type.self)
        return { value, body in
            func read<Value>(_ value: Value) throws {
                try withUnsafeBytes(of: value) { raw in
                    guard let base = raw.baseAddress else { return }
                    for index in 0..<count { try body(StoredLayout.load(element, at: base + index * stride)) }
                }
            }
            try _openExistential(value, do: read)
        }
    }
}
