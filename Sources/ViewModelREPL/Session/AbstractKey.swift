/// The paths an abstract state is keyed by (`users.phase`, `query`), and how a state is reduced
/// to the values at them: what `explore --coverage` counts states and transitions of.
struct AbstractKey {
    /// One path, and the cases of its enum type when it has one.
    struct Path {
        var path: StatePath
        /// The cases' names (`loaded`, `booked`), from the type; `nil` when the type is unknown or no enum.
        var cases: [String]?
    }

    var paths: [Path]

    /// How deep the enum-typed fields are looked for, from the state's top level.
    static let searchDepth = 6

    /// The paths `named`, each with its enum's cases when the state's declared types lead to one.
    static func named(_ named: [StatePath], declared: [String: Any.Type]) -> AbstractKey {
        AbstractKey(paths: named.map { Path(path: $0, cases: cases(at: $0, declared: declared)) })
    }

    /// The enum-typed fields of a state, at any depth through structs and optionals, that `state`
    /// shows under their property's name: `users.phase` on the users screen, `phase` on greeting.
    static func enumFields(declared: [String: Any.Type], state: JSONValue) -> AbstractKey {
        var found: [Path] = []
        func visit(_ types: [String: Any.Type], _ value: JSONValue, _ prefix: String, depth: Int) {
            guard depth < searchDepth, case .object(let members) = value else { return }
            for member in members {
                guard let type = types[member.key].map(unwrapped) else { continue }
                var text = prefix
                PathText.append(key: member.key, to: &text)
                if let enumCases = EnumCases.of(type), let path = StatePath(text) {
                    found.append(Path(path: path, cases: enumCases.map(\.name)))
                } else if case .object = member.value {
                    visit(StoredLayout.declaredTypes(of: type), member.value, text, depth: depth + 1)
                }
            }
        }
        visit(declared, state, "", depth: 0)
        return AbstractKey(paths: found.sorted { $0.path.description < $1.path.description })
    }

    /// The cases of the enum the path `path` leads to through the declared types; `nil` when it
    /// leads through an index, or to no enum.
    private static func cases(at path: StatePath, declared: [String: Any.Type]) -> [String]? {
        var types = declared
        var type: Any.Type?
        for component in path.components {
            guard case .key(let key) = component, let next = types[key].map(unwrapped) else { return nil }
            type = next
            types = StoredLayout.declaredTypes(of: next)
        }
        return type.flatMap(EnumCases.of)?.map(\.name)
    }

    /// An optional's wrapped type, at any depth; any other type as it is.
    private static func unwrapped(_ type: Any.Type) -> Any.Type {
        guard let optional = type as? any WrappedTypeProviding.Type else { return type }
        return unwrapped(optional.wrappedType)
    }

    /// The values at the paths in `state`, `nil` where a path leads nowhere; an enum case with a
    /// payload (`{"booked":3}`) is reduced to its name.
    func values(in state: JSONValue) -> [JSONValue?] {
        paths.map { path in
            guard let value = path.path.lookup(in: state) else { return nil }
            if path.cases != nil, case .object(let members) = value, members.count == 1 { return .string(members[0].key) }
            return Self.bounded(value)
        }
    }

    /// The most bytes a value at a path is kept as itself: every state and transition repeats it.
    static let maximumValueBytes = 256

    /// `value`, or past ``maximumValueBytes`` a short mark of its kind, size and digest: two
    /// different large values stay two states, and a coverage line stays small.
    static func bounded(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array, .object, .string, .number: break
        default: return value
        }
        let bytes = JSONWriter.bytes(value)
        guard bytes.count > maximumValueBytes else { return value }
        // FNV-1a, 64 bits: stable across runs and platforms, unlike Hasher.
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return .string(Messages.abstractedValue(kind: value.kind, bytes: bytes.count, digest: digest))
    }

    /// The name of the case `value` (as ``values(in:)`` gives it) stands for.
    static func caseName(_ value: JSONValue?) -> String? {
        if case .string(let name)? = value { return name }
        return nil
    }
}
