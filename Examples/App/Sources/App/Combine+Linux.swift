// Where Combine does not exist (Linux), stand-ins with the shapes its `ObservableObject` and
// `Published` have, so the app's `ObservableObject` view models build as written: vmrepl reads a
// `@Published` property under its own name as its wrapped value either way.
#if !canImport(Combine)
    /// An object whose changes views observe (Combine's, on Apple platforms).
    public protocol ObservableObject: AnyObject {}

    /// A published value, stored as Combine's `Published` stores one before anything subscribes.
    @propertyWrapper
    public struct Published<Value> {
        public var wrappedValue: Value
        public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    }

    /// A subscription kept alive while it is held (Combine's, on Apple platforms).
    public final class AnyCancellable: Hashable {
        public init() {}
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }
#endif
