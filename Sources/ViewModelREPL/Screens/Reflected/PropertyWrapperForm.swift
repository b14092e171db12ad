/// How a stored property behind a property wrapper is shown: under the property's own name, as
/// its wrapped value, read from the wrapper's storage (Swift gives no way to call its getter).
///
/// Four storages are known: a wrapper that keeps a stored `wrappedValue` (the common form of a
/// team's own wrapper); one laid out as Combine's `Published` is, a `storage` enum holding the
/// value itself or, once something subscribed, a publisher whose `subject` keeps `currentValue`;
/// one that keeps a `_value` (SwiftUI's `Binding` and `State`); and a get/set wrapper that keeps
/// its getter, a closure taking nothing (a `Binding` made from `get:` and `set:`), which is called.
/// A wrapper whose value is computed from other storage is shown as the wrapper (`_name`).
struct PropertyWrapperForm {
    /// The wrapped value's declared type.
    let wrappedType: Any.Type
    private let kind: Kind

    private enum Kind {
        case storedWrappedValue
        case published
        case storedValue
        /// The stored closure `() -> Value` with this label, `@Sendable` or not.
        case getter(String, isSendable: Bool)
    }

    /// The form of a wrapper of `type` stored as `label`, or `nil` when it is none this knows. In an
    /// `@Observable` class, where `_name` is a tracked property's own storage (the macro allows no
    /// wrapper on one), a `Binding` or a client of a getter and a setter is that property's value,
    /// not a wrapper: only a stored `wrappedValue` or `Published`'s storage marks one there.
    static func of(_ type: Any.Type, label: String, inObservableClass: Bool = false) -> PropertyWrapperForm? {
        guard label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
        let fields = StoredLayout.declaredTypes(of: type)
        if let wrapped = fields["wrappedValue"] { return PropertyWrapperForm(wrappedType: wrapped, kind: .storedWrappedValue) }
        if inObservableClass { return published(type, fields) }
        // A `_value` beside its location: `Int` and `Bool` keep a `_value` too.
        if let wrapped = fields["_value"], fields["location"] != nil || fields["_location"] != nil {
            return PropertyWrapperForm(wrappedType: wrapped, kind: .storedValue)
        }
        // One getter and a setter: a tracked property of an `@Observable` class is stored as `_name`
        // too, and a value with a closure or two must not be taken for a wrapper.
        let getters = fields.compactMap { name, type in Self.getter(type).map { (name, $0) } }
        if getters.count == 1, let (name, getter) = getters.first, fields.values.contains(where: { Self.isSetter($0, of: getter.result) }) {
            return PropertyWrapperForm(wrappedType: getter.result, kind: .getter(name, isSendable: getter.isSendable))
        }
        return published(type, fields)
    }

    /// The form of `type`, whose stored properties are `fields`, when it is laid out as `Published`.
    private static func published(_ type: Any.Type, _ fields: [String: Any.Type]) -> PropertyWrapperForm? {
        guard fields.count == 1, let storage = fields["storage"], TypeName.of(type).hasPrefix("Published<"),
            let value = EnumCases.of(storage)?.first(where: { $0.name == "value" })?.payloadType
        else { return nil }
        return PropertyWrapperForm(wrappedType: value, kind: .published)
    }

    /// The wrapped value held by `wrapper`, or the wrapper itself where its storage is not as expected.
    func wrappedValue(of wrapper: Any) -> Any {
        switch kind {
        case .storedWrappedValue:
            return Self.child("wrappedValue", of: wrapper) ?? wrapper
        case .storedValue:
            return Self.child("_value", of: wrapper) ?? wrapper
        case .getter(let label, let isSendable):
            guard let getter = Self.child(label, of: wrapper) else { return wrapper }
            // A cast to a function type matches its sendability exactly.
            func call<Value>(_: Value.Type) -> Any? {
                isSendable ? (getter as? @Sendable () -> Value).map { $0() } : (getter as? () -> Value).map { $0() }
            }
            return _openExistential(wrappedType, do: call) ?? wrapper
        case .published:
            guard let storage = Self.child("storage", of: wrapper), let held = Mirror(reflecting: storage).children.first else { return wrapper }
            if held.label == "value" { return held.value }
            guard let subject = Self.child("subject", of: held.value), let current = Self.child("currentValue", of: subject) else { return wrapper }
            return current
        }
    }

    private static func child(_ label: String, of value: Any) -> Any? {
        Mirror(reflecting: value).children.first { $0.label == label }?.value
    }

    /// Whether `type` is a Swift closure taking one `value` and returning nothing (its other marks are not read).
    private static func isSetter(_ type: Any.Type, of value: Any.Type) -> Bool {
        guard let function = FunctionMetadata(type) else { return false }
        // One parameter, no parameter flags (`inout`, variadic), Swift's convention.
        return function.flags & 0x02FF_FFFF == 1 && function.result == Void.self && function.firstParameter == value
    }

    /// The result type of `type`, and whether it is `@Sendable`, when it is a Swift closure taking
    /// nothing and returning a value (not `Void`, not `async`, not throwing, isolated to no actor).
    private static func getter(_ type: Any.Type) -> (result: Any.Type, isSendable: Bool)? {
        // No parameters, Swift's convention, no throws, differentiable, global actor, async or extended flags.
        guard let function = FunctionMetadata(type), function.flags & 0xB9FF_FFFF == 0, function.result != Void.self else { return nil }
        return (function.result, function.flags & 0x4000_0000 != 0)
    }

    /// What a function type's metadata says: its flags (swift/ABI/MetadataValues.h: the parameter
    /// count in the low 16 bits, the convention in the next 8, then throws, parameter flags,
    /// escaping, differentiable, a global actor, async, sendable and extended flags), its result
    /// and its first parameter.
    private struct FunctionMetadata {
        let flags: UInt
        let result: Any.Type
        let firstParameter: Any.Type?

        /// The metadata of `type`, or `nil` when it is no function type.
        init?(_ type: Any.Type) {
            let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
            // MetadataKind.function: 2 | the non-heap flag 0x200 | the runtime-private flag 0x100.
            guard metadata.load(as: UInt.self) == 0x302 else { return nil }
            let word = MemoryLayout<UInt>.size
            flags = metadata.load(fromByteOffset: word, as: UInt.self)
            result = metadata.load(fromByteOffset: 2 * word, as: Any.Type.self)
            // The parameters follow the result.
            firstParameter = flags & 0xFFFF > 0 ? metadata.load(fromByteOffset: 3 * word, as: Any.Type.self) : nil
        }
    }
}
