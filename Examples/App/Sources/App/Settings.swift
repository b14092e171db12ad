#if canImport(Combine)
    import Combine
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
