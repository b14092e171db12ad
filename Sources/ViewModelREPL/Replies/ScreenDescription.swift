/// One row of `screens`.
package struct ScreenSummary: Sendable {
    package var name: String
    package var summary: String
}

/// What `describe` tells about the current screen.
package struct ScreenDescription: Sendable {
    package var screen: String
    package var model: ModelKind
    /// Whether `load`, `retry` and `cancel` drive it.
    package var loads: Bool
    package var events: [EventCatalog.Event]
    /// The state's top-level fields and their JSON kinds (Swift types on a screen hosted as written).
    package var fields: [(name: String, type: String)]
    /// Each field's declared Swift type (`String?`, `Set<String>`), from the state's type, not its
    /// value, where it is known; protocol screens' `describe` adds it as `swiftType`.
    package var swiftTypes: [String: String] = [:]
    /// The cases of each field of enum type, from the type (`planning`, `booked(Int)`), payload
    /// cases first; `describe` adds them as `cases`.
    package var cases: [String: [String]] = [:]
    /// The JSON Schema of the state, from its type, where every field is known from it.
    package var stateSchema: JSONValue?
    /// Its stubbable dependencies, with what each is stubbed to now.
    package var dependencies: [(declared: DependencyTable.Declared, stubs: [DependencyTable.Stub])] = []
    /// The properties `write` sets, with their types (hosted view models only).
    package var bindings: [(name: String, type: String)] = []
    /// What the view model tells the app to do, each with its value's JSON Schema where it is known.
    package var outputs: [(name: String, schema: JSONValue?)] = []
    /// The conditions each event is sent under (`precondition`), as written, by event name.
    package var preconditions: [String: [String]] = [:]
}
