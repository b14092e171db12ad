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

    /// Whether `type` (or a superclass) stores a lock (an `NSLock` or another `NSLocking`, a
    /// `Mutex`, an atomic, an unfair or a pthread lock, a dispatch queue or semaphore), itself,
    /// optional, as an existential or inside a struct it stores: a class that guards its state so
    /// other threads can write it, which the main thread must not read past its lock.
    static func guardsWithALock(_ type: Any.Type) -> Bool {
        guard let type = type as? AnyClass else { return false }
        var found = false
        _ = _forEachField(of: type, options: classType) { _, _, fieldType, _ in
            // The runtime gives a `~Copyable` field as `()`: most often a `Mutex` or an `Atomic`.
            found = fieldType == Void.self || holdsALock(fieldType, depth: 0)
            return !found
        }
        return found
    }

    /// Whether `type` is a lock, or a struct storing one (three levels down at most).
    private static func holdsALock(_ type: Any.Type, depth: Int) -> Bool {
        let name = String(reflecting: type)
        if lockTypeNames.contains(where: { name.contains($0) }) { return true }
        guard depth < 3, !(type is AnyClass) else { return false }
        return StoredLayout.declaredTypes(of: type).values.contains { holdsALock($0, depth: depth + 1) }
    }

    /// The lock types, known by name: their modules are on some platforms only, and a name is
    /// found inside `Optional<…>`, an existential or a generic argument alike.
    private static let lockTypeNames = [
        "NSLock", "NSRecursiveLock", "NSCondition", "Mutex<", "Atomic<", "OSAllocatedUnfairLock", "os_unfair_lock",
        "pthread_mutex_t", "pthread_rwlock_t", "DispatchQueue", "DispatchSemaphore",
    ]

    /// The runtime's option, spelled by value (see ``ObjectLayout``).
    private static let classType = _EachFieldOptions(rawValue: 1 << 0)
}
