@_spi(Reflection) import Swift

/// Where a struct keeps each stored property, worked out once per type, so its values are read
/// straight from memory instead of through a `Mirror` (which looks each field's type up by name
/// on every value).
///
/// Only structs whose fields are all values (structs, enums, tuples, optionals of those) get a
/// layout: a class, existential or function field may be `weak` or `unowned`, whose storage is
/// not a plain value, so such structs are read through `Mirror`.
final class StoredLayout {
    /// One stored property: its JSON key with the colon (`"name":`), its offset and its type.
    struct Field {
        let name: String
        let key: [UInt8]
        let offset: Int
        let type: Any.Type
        /// How the value is written from memory.
        let reading: StoredReading
    }

    /// The fields, sorted by name as states are printed.
    let fields: [Field]

    private init(fields: [Field]) {
        self.fields = fields
    }

    /// The layout of the struct `type`, or `nil` when it must be read through `Mirror`.
    static func of(_ type: Any.Type) -> StoredLayout? {
        var fields: [Field] = []
        let complete = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            guard isPlainValue(kind, fieldType) else { return false }
            let label = ObjectLayout.plainLabel(String(cString: name))
            // A wrapper's or a lazy property's storage is shown under the property's name: read by reflection.
            if label.hasPrefix(ObjectLayout.lazyPrefix) || PropertyWrapperForm.of(fieldType, label: label) != nil { return false }
            let key = Array(JSONWriter.bytes(.string(label))) + [UInt8(ascii: ":")]
            fields.append(Field(name: label, key: key, offset: offset, type: fieldType, reading: .of(fieldType)))
            return true
        }
        guard complete else { return nil }
        return StoredLayout(fields: fields.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) })
    }

    /// The declared type of each stored property of the struct `type`, by name; empty for what is
    /// not a struct.
    static func declaredTypes(of type: Any.Type) -> [String: Any.Type] {
        var types: [String: Any.Type] = [:]
        // Only a struct's fields are walked: the runtime's walk of an existential's or an enum's
        // type reads a value that is not there (an observer's `AsyncStream` service crashed it).
        // MetadataKind.struct: 0 | the non-heap flag 0x200.
        guard unsafeBitCast(type, to: UnsafeRawPointer.self).load(as: UInt.self) == 0x200 else { return types }
        _ = _forEachField(of: type, options: []) { name, _, fieldType, _ in
            types[String(cString: name)] = fieldType
            return true
        }
        return types
    }

    /// Calls `body` with each field of `value`, a struct of this layout, in key order, and where
    /// the field's value is (valid only while `body` runs).
    func forEachField(of value: Any, _ body: (Field, UnsafeRawPointer) throws -> Void) rethrows {
        func read<Value>(_ value: Value) throws {
            try withUnsafeBytes(of: value) { raw in
                guard let base = raw.baseAddress else { return }
                for field in fields {
                    try body(field, base + field.offset)
                }
            }
        }
        try _openExistential(value, do: read)
    }

    /// A copy of the value of `type` stored at `address`.
    static func load(_ type: Any.Type, at address: UnsafeRawPointer) -> Any {
        func copy<Value>(_: Value.Type) -> Any { address.assumingMemoryBound(to: Value.self).pointee }
        return _openExistential(type, do: copy)
    }

    /// Whether a field of this kind holds a plain value, never a reference that may be weak or
    /// unowned (an optional error counts: `Error` is not class-bound).
    static func isPlainValue(_ kind: _MetadataKind, _ type: Any.Type) -> Bool {
        switch kind {
        case .struct, .enum, .tuple: return true
        case .optional:
            guard let wrapped = (type as? any WrappedTypeProviding.Type)?.wrappedType else { return false }
            // An error is never held weakly: `Error` is not a class-bound protocol.
            if wrapped == (any Error).self { return true }
            return isPlainValue(kindOf(wrapped), wrapped)
        default: return false
        }
    }

    /// The metadata kind of `type`, read as a field of a one-field struct.
    private static func kindOf(_ type: Any.Type) -> _MetadataKind {
        func kind<Value>(_: Value.Type) -> _MetadataKind {
            var found: _MetadataKind = .unknown
            _ = _forEachField(of: Holder<Value>.self, options: []) { _, _, _, kind in
                found = kind
                return false
            }
            return found
        }
        return _openExistential(type, do: kind)
    }

    private struct Holder<Value> {
        var value: Value
    }
}
