/// How a stored property of a plain value type is written, worked out once per field from its
/// declared type (which is its value's type: a plain value is never an existential).
enum StoredReading {
    /// Written straight from memory.
    case direct(any DirectJSON.Type)
    /// An optional, unwrapped in memory without a dynamic cast: `null`, or its wrapped value.
    case optional(any ReflectedOptional.Type)
    /// Read as a value and written by its strategy.
    case boxed

    /// How a stored property of `type` is written.
    static func of(_ type: Any.Type) -> StoredReading {
        if let direct = type as? any DirectJSON.Type { return .direct(direct) }
        // An optional closure is left out of objects, which only its strategy does.
        if let optional = type as? any ReflectedOptional.Type, !TypeName.isClosure(type) { return .optional(optional) }
        return .boxed
    }

    /// Whether the value is read as a value, not from memory.
    var isBoxed: Bool {
        if case .boxed = self { true } else { false }
    }
}
