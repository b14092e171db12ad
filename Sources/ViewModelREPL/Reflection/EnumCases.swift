/// The cases of an enum type, read from the type (its reflection metadata), not from a value: a
/// `describe` of a state whose `phase` is `.planning` still lists `booked(Int)` and the rest.
///
/// The metadata's layout is part of Swift's stable ABI: the type's nominal descriptor holds a
/// relative pointer to its field descriptor, whose records name each case and, for a case with a
/// payload, its payload's mangled type, which the runtime turns back into a type. Anything not as
/// expected gives `nil`, never a guess.
enum EnumCases {
    /// One case: its name, and its payload's type as people write it (`Int`, `(reason: String)`).
    struct Case {
        var name: String
        var payload: String?
        /// The payload's type, for a schema.
        var payloadType: Any.Type?

        /// `booked(Int)`, `moved(Int, Int)`, `cancelled(reason: String)`, `planning`.
        var description: String {
            guard let payload else { return name }
            return payload.hasPrefix("(") ? name + payload : "\(name)(\(payload))"
        }
    }

    /// The cases of `type`, payload cases first (the order the runtime numbers them in); `nil`
    /// when `type` is no enum (an optional is not listed: its cases are `some` and `none`).
    static func of(_ type: Any.Type) -> [Case]? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // MetadataKind.enum: 1 | the non-heap flag 0x200.
        guard metadata.load(as: UInt.self) == 0x201 else { return nil }
        let descriptor = metadata.load(fromByteOffset: MemoryLayout<UInt>.size, as: UnsafeRawPointer.self)
        // ContextDescriptorKind.enum is 18, in the low five bits of the flags.
        guard descriptor.load(as: UInt32.self) & 0x1F == 18, let fields = relative(descriptor, at: 16) else { return nil }
        let kind = fields.load(fromByteOffset: 8, as: UInt16.self)
        let recordSize = Int(fields.load(fromByteOffset: 10, as: UInt16.self))
        let count = Int(fields.load(fromByteOffset: 12, as: UInt32.self))
        // FieldDescriptorKind.enum or .multiPayloadEnum; a record is flags, type name and field name.
        guard kind == 2 || kind == 3, recordSize >= 12 else { return nil }
        // A generic enum's payload types refer to its arguments, stored after the descriptor pointer.
        let isGeneric = descriptor.load(as: UInt32.self) & 0x80 != 0
        let arguments = isGeneric ? metadata + 2 * MemoryLayout<UInt>.size : nil
        var cases: [Case] = []
        for index in 0..<count {
            let record = fields + 16 + index * recordSize
            guard let name = relative(record, at: 8) else { return nil }
            var payload: String?
            var payloadType: Any.Type?
            if let mangled = relative(record, at: 4) {
                let bytes = mangled.assumingMemoryBound(to: UInt8.self)
                // The standard library's own entry to the runtime's lookup of a type by its mangled name.
                guard let found = Swift._getTypeByMangledNameInContext(bytes, UInt(length(of: bytes)), genericContext: descriptor, genericArguments: arguments)
                else { return nil }
                payload = TypeName.of(found)
                payloadType = found
            }
            cases.append(Case(name: String(cString: name.assumingMemoryBound(to: CChar.self)), payload: payload, payloadType: payloadType))
        }
        // A raw-value enum's `Codable` writes and reads its raw values: those are its cases' names.
        if let raw = rawNames(of: type, count: cases.count), cases.allSatisfy({ $0.payload == nil }) {
            for index in cases.indices { cases[index].name = raw[index] }
        }
        return cases
    }

    /// Every case of an enum whose cases carry no payload, made from its number, with its name as
    /// the runtime knows it (not a raw value); `nil` for any other type. A payload-free enum of up
    /// to 256 cases is its case's number in one byte, in declaration order (one case: no bytes).
    static func makeable<Value>(_ type: Value.Type) -> [(name: String, value: Value)]? {
        guard let cases = of(type), !cases.isEmpty, cases.count <= 256, cases.allSatisfy({ $0.payload == nil }) else { return nil }
        let size = MemoryLayout<Value>.size
        guard size == 1 || (size == 0 && cases.count == 1) else { return nil }
        var made: [(name: String, value: Value)] = []
        for tag in 0..<cases.count {
            let value = withUnsafeBytes(of: UInt8(tag)) { $0.load(as: Value.self) }
            guard let name = runtimeEnumCaseName(value).map({ String(cString: $0) }) else { return nil }
            made.append((name, value))
        }
        return made
    }

    /// The text raw values of a payload-free `Codable` enum's cases, in declaration order; `nil`
    /// for any other type.
    private static func rawNames(of type: Any.Type, count: Int) -> [String]? {
        guard type is any Encodable.Type, type is any RawRepresentable.Type else { return nil }
        if let listed = type as? any CaseIterable.Type { return rawNames(listed) }
        // Without `allCases`, a case is made from its number: a payload-free enum of up to 256
        // cases is that number in one byte, in declaration order.
        func made<Value>(_: Value.Type) -> [String]? {
            guard MemoryLayout<Value>.size == 1, count > 1, count <= 256 else { return nil }
            let values = (0..<count).map { tag in withUnsafeBytes(of: UInt8(tag)) { $0.load(as: Value.self) } }
            return texts(values)
        }
        return _openExistential(type, do: made)
    }

    private static func rawNames<Listed: CaseIterable>(_: Listed.Type) -> [String]? {
        texts(Array(Listed.allCases))
    }

    /// The raw values of `values` as text, when every one is a `String`.
    private static func texts<Value>(_ values: [Value]) -> [String]? {
        let raw = values.map { (($0 as? any RawRepresentable)?.rawValue) as? String }
        guard raw.allSatisfy({ $0 != nil }) else { return nil }
        return raw.map { $0! }
    }

    /// The name of the case `value` holds, as the runtime knows it (not its `description`);
    /// `nil` when `value` is no enum.
    static func name(of value: Any) -> String? {
        func caseName<Value>(_ value: Value) -> String? {
            runtimeEnumCaseName(value).map { String(cString: $0) }
        }
        return _openExistential(value, do: caseName)
    }

    /// The elements of a tuple type, with their labels (`nil` for an unlabeled one); `nil` when
    /// `type` is no tuple.
    static func tupleElements(of type: Any.Type) -> [(label: String?, type: Any.Type)]? {
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        // MetadataKind.tuple: 1 | the non-heap flag 0x200 | the runtime-private flag 0x100.
        guard metadata.load(as: UInt.self) == 0x301 else { return nil }
        let word = MemoryLayout<UInt>.size
        let count = metadata.load(fromByteOffset: word, as: Int.self)
        let labelText = metadata.load(fromByteOffset: 2 * word, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        // The labels are one string, each followed by a blank, empty for an unlabeled element.
        let labels = labelText.map { $0.split(separator: " ", omittingEmptySubsequences: false).map(String.init) }
        return (0..<count).map { index in
            let element = metadata.load(fromByteOffset: (3 + 2 * index) * word, as: Any.Type.self)
            let label = labels.flatMap { index < $0.count && !$0[index].isEmpty ? $0[index] : nil }
            return (label, element)
        }
    }

    /// What the 32-bit relative pointer at `offset` from `base` points to; `nil` for a null one.
    private static func relative(_ base: UnsafeRawPointer, at offset: Int) -> UnsafeRawPointer? {
        let distance = base.load(fromByteOffset: offset, as: Int32.self)
        return distance == 0 ? nil : base + offset + Int(distance)
    }

    /// The length of a mangled name, whose symbolic references carry bytes that may be zero.
    private static func length(of name: UnsafePointer<UInt8>) -> Int {
        var index = 0
        while name[index] != 0 {
            switch name[index] {
            case 0x01...0x17: index += 1 + 4
            case 0x18...0x1F: index += 1 + MemoryLayout<UInt>.size
            default: index += 1
            }
        }
        return index
    }
}

/// The runtime's name of an enum value's case, as `print` finds it (the standard library's own
/// entry to it is internal).
@_silgen_name("swift_EnumCaseName")
private func runtimeEnumCaseName<Value>(_ value: Value) -> UnsafePointer<CChar>?
