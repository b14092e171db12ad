@_spi(Reflection) import Swift

/// How to read the shown stored properties of one class, worked out once per class, so reading
/// an object builds no `Mirror` child for what is a plain value (a `Mirror` looks each field's type
/// up by its mangled name every time).
///
/// A shown property that holds a plain value (see ``StoredLayout``) is read from the object's
/// memory at its offset; any other (a reference, which may be `weak` or `unowned`) through the
/// object's `Mirror`, at its index (its superclasses' properties first, as the runtime lists them).
final class ObjectLayout {
    /// One shown property: its name as shown and where it is.
    struct Field {
        let name: String
        /// The name as a JSON key with its colon (`"name":`).
        let key: [UInt8]
        let place: Place
        /// How the value is written from memory, when it is stored there.
        let reading: StoredReading
        /// The property's declared type (a wrapped property's wrapped type).
        let type: Any.Type
        /// How the value is read from its wrapper, for a property behind one.
        let wrapper: PropertyWrapperForm?
    }

    /// What a `~Copyable` stored property is read as: nothing (it cannot be copied out), shown as
    /// ``Messages/noncopyableValue``.
    struct Noncopyable {}

    /// Where a property's value is read from.
    enum Place {
        /// In the object's memory, at this offset, of this type.
        case stored(offset: Int, type: Any.Type)
        /// The `Mirror` child at this index.
        case mirrored(index: Int)
    }

    /// The shown properties in declaration order, and sorted by name as states are printed.
    let fields: [Field]
    private let sorted: [Field]
    private let needsMirror: Bool

    private init(fields: [Field]) {
        self.fields = fields
        sorted = fields.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        needsMirror = fields.contains { if case .mirrored = $0.place { true } else { false } }
    }

    /// The layout of `object`'s class, showing an `@Observable` class's tracked properties under
    /// their own names, and the `constants` named; `nil` when the class must be read through `Mirror`.
    static func of(_ object: AnyObject, observable: Bool, constants: Set<String> = []) -> ObjectLayout? {
        // Guarded: a custom mirror's children are not the stored properties the layout reads.
        guard !(object is any CustomReflectable) else { return nil }
        var fields: [Field] = []
        var index = 0
        let kinds = ClassFields.observableFlags(of: Swift.type(of: object))
        let complete = _forEachField(of: Swift.type(of: object), options: classType) { name, offset, type, kind in
            defer { index += 1 }
            let label = plainLabel(String(cString: name))
            let inObservableClass = index < kinds.count ? kinds[index] : observable
            let wrapper = kind == .struct ? PropertyWrapperForm.of(type, label: label, inObservableClass: inObservableClass) : nil
            guard kind != .function, let shown = shownName(label, inObservableClass: inObservableClass, isWrapper: wrapper != nil, constants: constants)
            else { return true }
            // The runtime gives a `~Copyable` field (a `Mutex`, an `Atomic`) as `()`: it is shown as one.
            if type == Void.self {
                let key = JSONWriter.bytes(.string(shown)) + [UInt8(ascii: ":")]
                fields.append(
                    Field(name: shown, key: key, place: .stored(offset: offset, type: Noncopyable.self), reading: .boxed, type: Noncopyable.self, wrapper: nil))
                return true
            }
            let isPlain = StoredLayout.isPlainValue(kind, type)
            let place: Place = isPlain ? .stored(offset: offset, type: type) : .mirrored(index: index)
            let key = JSONWriter.bytes(.string(shown)) + [UInt8(ascii: ":")]
            let reading: StoredReading = isPlain && wrapper == nil ? .of(type) : .boxed
            fields.append(Field(name: shown, key: key, place: place, reading: reading, type: wrapper?.wrappedType ?? type, wrapper: wrapper))
            return true
        }
        guard complete, index == Reader.children(of: object).count else { return nil }
        let names = uniqueNames(fields.map(\.name))
        for position in fields.indices where names[position] != fields[position].name {
            let field = fields[position]
            let key = JSONWriter.bytes(.string(names[position])) + [UInt8(ascii: ":")]
            fields[position] = Field(name: names[position], key: key, place: field.place, reading: field.reading, type: field.type, wrapper: field.wrapper)
        }
        return ObjectLayout(fields: fields)
    }

    /// `names` with a superclass's property that a subclass's shadows (a private `id` in both)
    /// shown as `super.id` (`super.super.id` two classes up), so no key is written twice.
    static func uniqueNames(_ names: [String]) -> [String] {
        guard Set(names).count != names.count else { return names }
        return names.enumerated().map { position, name in
            let later = names[(position + 1)...].filter { $0 == name }.count
            return String(repeating: "super.", count: later) + name
        }
    }

    /// The name a stored property is shown under, or `nil` when it is not shown: an `@Observable`
    /// class keeps a tracked property in `_name` and its registrar in `_$observationRegistrar`;
    /// what has no underscore there is `@ObservationIgnored` (or a constant). A property behind a
    /// wrapper (`_name`) and a lazy one (`$__lazy_storage_$_name`) show as `name`, except in an
    /// `@Observable` class, where the macro allows neither on a tracked property: there they are
    /// `@ObservationIgnored`, and left out like the rest of what it ignores.
    /// Each property is shown by its own class's rules (see ``ClassFields``). An `@Observable`
    /// class's constants are not shown: they are as often its dependencies (`@ObservationIgnored
    /// private let client`, an attribute that leaves no trace on a constant), unless named in
    /// `constants` (which `vmrepl-screens` fills with those of value types); `fields:` shows one too.
    static func shownName(_ label: String, inObservableClass: Bool, isWrapper: Bool, constants: Set<String>) -> String? {
        let isLazy = label.hasPrefix(lazyPrefix)
        guard inObservableClass else {
            if isLazy { return String(label.dropFirst(lazyPrefix.count)) }
            return isWrapper ? String(label.dropFirst()) : label
        }
        guard !isLazy, !isWrapper else { return nil }
        if !constants.isEmpty, constants.contains(label) { return label }
        guard label.hasPrefix("_"), !label.hasPrefix("_$") else { return nil }
        return String(label.dropFirst())
    }

    /// A stored property's name as written: a raw identifier keeps its backquotes at run time
    /// (`` `raw name` ``, `` `_raw name` `` for its wrapper's storage), its spaces no-break ones.
    static func plainLabel(_ label: String) -> String {
        guard label.count > 2, label.hasPrefix("`"), label.hasSuffix("`") else { return label }
        return String(label.dropFirst().dropLast().map { $0 == "\u{A0}" ? " " : $0 })
    }

    /// What Swift names a lazy property's storage before its name.
    static let lazyPrefix = "$__lazy_storage_$_"

    /// The runtime's option, spelled by value: its own constants are mutable statics, which strict
    /// concurrency refuses.
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)

    /// The shown properties of `object`, an instance of this layout's class, in declaration order.
    func values(of object: AnyObject) -> [(name: String, value: Any)] {
        let reader = Reader(object, needsMirror: needsMirror)
        return fields.map { ($0.name, reader.value(of: $0)) }
    }

    /// Calls `body` with each shown property of `object` in key order, and a reader of its value.
    func forEachSorted(of object: AnyObject, _ body: (Field, Reader) throws -> Void) rethrows {
        let reader = Reader(object, needsMirror: needsMirror)
        try withExtendedLifetime(object) {
            for field in sorted { try body(field, reader) }
        }
    }

    /// Reads the properties of one object, holding it while they are read.
    struct Reader {
        let object: AnyObject
        let children: [Mirror.Child]?

        init(_ object: AnyObject, needsMirror: Bool) {
            self.object = object
            children = needsMirror ? Self.children(of: object) : nil
        }

        /// The `Mirror` children of `object` and its superclasses, the root class's first.
        static func children(of object: AnyObject) -> [Mirror.Child] {
            var mirrors: [Mirror] = []
            var mirror: Mirror? = Mirror(reflecting: object)
            while let current = mirror {
                mirrors.append(current)
                mirror = current.superclassMirror
            }
            return mirrors.reversed().flatMap(\.children)
        }

        /// The value of `field`, boxed (a wrapped property's wrapped value).
        func value(of field: Field) -> Any {
            guard let wrapper = field.wrapper else { return stored(field) }
            return wrapper.wrappedValue(of: stored(field))
        }

        private func stored(_ field: Field) -> Any {
            switch field.place {
            case .stored(let offset, let type):
                return withExtendedLifetime(object) { StoredLayout.load(type, at: address(offset)) }
            case .mirrored(let index):
                return children![index].value
            }
        }

        /// Where `field` is in memory, when it is stored there: valid only while the object is held.
        func address(of field: Field) -> UnsafeRawPointer? {
            guard case .stored(let offset, _) = field.place else { return nil }
            return address(offset)
        }

        private func address(_ offset: Int) -> UnsafeRawPointer {
            UnsafeRawPointer(Unmanaged.passUnretained(object).toOpaque()) + offset
        }
    }
}
