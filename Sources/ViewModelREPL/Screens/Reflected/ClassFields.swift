@_spi(Reflection) import Swift

/// Which of a class's stored properties are declared by a class that keeps tracked properties as
/// `@Observable` does (`_name` beside a `_$observationRegistrar`), so a chain that mixes the two
/// kinds (a plain subclass of an `@Observable` base) shows each property by its own class's rules.
enum ClassFields {
    /// For each stored property of `type` and its superclasses, in the order the runtime lists
    /// them (the root class's first), whether its declaring class is `@Observable`.
    static func observableFlags(of type: AnyClass) -> [Bool] {
        var chain: [AnyClass] = []
        var current: AnyClass? = type
        while let found = current {
            chain.append(found)
            current = _getSuperclass(found)
        }
        var flags: [Bool] = []
        for declaring in chain.reversed() {
            var labels: [String] = []
            _ = _forEachField(of: declaring, options: classType) { name, _, _, _ in
                labels.append(String(cString: name))
                return true
            }
            let own = labels.dropFirst(flags.count)
            flags += Array(repeating: own.contains("_$observationRegistrar"), count: own.count)
        }
        return flags
    }

    /// The runtime's option, spelled by value (see ``ObjectLayout``).
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)
}
