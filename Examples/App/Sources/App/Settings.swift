#if canImport(Combine)
    import Combine
#else
    /// Stand-ins with the shapes Combine's have, where Combine does not exist (Linux).
    public protocol ObservableObject: AnyObject {}

    /// A published value, stored as Combine's `Published` stores one before anything subscribes.
    @propertyWrapper
    public struct Published<Value> {
        public var wrappedValue: Value
        public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    }
#endif

/// How the app looks.
public enum Theme: String, Codable, Sendable {
    case system, light, dark
}

/// Settings as an `ObservableObject` with `@Published` properties: shown and written under their own names.
@MainActor
public final class SettingsStore: ObservableObject {
    @Published public var theme = Theme.system
    @Published public var notifications = true
    @Published public var fontSize = 14.0

    public init() {}

    public func resetToDefaults() {
        theme = .system
        notifications = true
        fontSize = 14
    }
}
