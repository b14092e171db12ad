/// How a stored property behind a property wrapper is shown: under the property's own name, as
/// its wrapped value, read from the wrapper's storage (Swift gives no way to call its getter).
///
/// Two storages are known: a wrapper that keeps a stored `wrappedValue` (the common form of a
/// team's own wrapper), and one laid out as Combine's `Published` is, a `storage` enum holding the
/// value itself or, once something subscribed, a publisher whose `subject` keeps `currentValue`.
/// A wrapper whose value is computed from other storage is shown as the wrapper (`_name`).
struct PropertyWrapperForm {
    /// The wrapped value's declared type.
    let wrappedType: Any.Type
    private let kind: Kind

    private enum Kind {
        case storedWrappedValue
        case published
    }

    /// The form of a wrapper of `type` stored as `label`, or `nil` when it is none this knows.
    static func of(_ type: Any.Type, label: String) -> PropertyWrapperForm? {
        guard label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
        let fields = StoredLayout.declaredTypes(of: type)
        if let wrapped = fields["wrappedValue"] { return PropertyWrapperForm(wrappedType: wrapped, kind: .storedWrappedValue) }
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
}
