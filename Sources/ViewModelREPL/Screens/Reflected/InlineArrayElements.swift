/// How an `InlineArray`'s elements are walked: it is neither a sequence nor reflected (its
/// storage is a builtin the runtime shows as `(Unknown)`), so its count and element type are read
/// from its metadata and the elements from its memory, one stride apart.
enum InlineArrayElements {
    /// A walk of the elements of a value of `type`, fully named `name`, when it is an `InlineArray`
    /// (one that reached an `Any` holds copyable elements: an array of others cannot be copied itself).
    static func walk(for type: Any.Type, named name: String) -> ((Any, (Any) throws -> Void) throws -> Void)? {
        guard name.hasPrefix("Swift.InlineArray<") else { return nil }
        // Struct metadata: its kind, its descriptor, then its generic arguments in order: the
        // count (a value, `let count: Int`) and the element's metadata.
        let metadata = unsafeBitCast(type, to: UnsafePointer<UInt>.self)
        let count = Int(bitPattern: metadata[2])
        guard count >= 0, let elementAddress = UnsafeRawPointer(bitPattern: metadata[3]) else { return nil }
        let element = unsafeBitCast(elementAddress, to: Any.Type.self)
        func stride<Element>(_: Element.Type) -> Int { MemoryLayout<Element>.stride }
        let step = _openExistential(element, do: stride)
        return { value, body in
            func read<Value>(_ value: Value) throws {
                try withUnsafeBytes(of: value) { raw in
                    // Read only what the value holds, whatever its metadata said.
                    guard let base = raw.baseAddress, count * step <= raw.count else { return }
                    for index in 0..<count { try body(StoredLayout.load(element, at: base + index * step)) }
                }
            }
            try _openExistential(value, do: read)
        }
    }
}
