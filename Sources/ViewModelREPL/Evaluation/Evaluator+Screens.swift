/// The commands on screens: `screens`, `use`, `describe`, `event`, `mock`, `write`, `real`,
/// `expect`, the dependencies' `stub`, `unstub` and `calls`, `watch`, `unwatch` and `help`.
extension Evaluator {
    func screenList() -> Reply {
        .screens(registry.definitions.map { ScreenSummary(name: $0.name, summary: $0.summary) }, current: current?.name)
    }

    func use(_ name: String, tag: RequestTag) throws(ReplError) -> Reply {
        guard let definition = registry.definition(name) else {
            throw ReplError(.unknownScreen(name, known: registry.names))
        }
        let screen: OpenScreen
        if let open = screens[name] {
            screen = open
        } else {
            let dependencies = DependencyTable(clock: time.clock, elapsed: time.elapsed())
            let context = ScreenContext(clock: time.clock, seed: Self.mix(options.seed, name), dependencies: dependencies, valueForms: options.valueForms)
            screen = OpenScreen(host: definition.make(context), dependencies: dependencies)
            screens[name] = screen
            if screen.host.needsPolling { pushes.poll(screen) }
            // Work the view model started as it was made is this command's.
            if screen.host.takeStartedWork() { screen.pushTag = tag }
        }
        current = screen
        return try stateReply(screen)
    }

    /// A per-screen seed, so opening screens in another order does not change their outcomes.
    private static func mix(_ seed: UInt64, _ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return seed ^ hash
    }

    func describe() throws(ReplError) -> Reply {
        let screen = try requireScreen()
        var fields: [(name: String, type: String)] = []
        let typedByHost = screen.host.fieldTypes()
        if let types = typedByHost {
            fields = types
        } else if case .object(let members) = try screen.stateValue() {
            fields = members.map { ($0.key, $0.value.kind) }
        }
        let dependencies = screen.dependencies.dependencies.map { ($0, screen.dependencies.stubs(of: $0.name)) }
        var description = ScreenDescription(
            screen: screen.name, model: screen.host.kind, loads: screen.loader?.loads == true,
            events: screen.host.catalog.events, fields: fields, dependencies: dependencies, bindings: screen.host.bindingTypes)
        // Only the fields the state prints under their property's name (no CodingKeys of its own).
        let declared = screen.host.declaredTypes()
        for field in fields {
            guard let type = declared[field.name] else { continue }
            // A host that types its fields (a class hosted as written) gives the Swift type as `type` already.
            if typedByHost == nil { description.swiftTypes[field.name] = TypeName.of(type) }
            if let cases = EnumCases.of(type) { description.cases[field.name] = cases.map(\.description) }
        }
        // In the readable forms the schema describes; JSONEncoder's own forms differ (dates, nil).
        // Not for a class hosted as written: it prints errors and opaque values by description.
        if options.valueForms == .readable, typedByHost == nil, !fields.isEmpty, fields.allSatisfy({ declared[$0.name] != nil }) {
            let schema = TypeSchema.object(declared, fields: fields.map(\.name))
            description.stateSchema = (try? screen.stateValue()).map { TypeSchema.checked(schema, against: $0) } ?? schema
        }
        return .description(description)
    }

    func send(_ name: String, _ arguments: EventArguments, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        let catalog = screen.host.catalog
        guard let event = catalog.event(name) else {
            throw ReplError(.unknownEvent(name, screen: screen.name, known: catalog.names))
        }
        let bound = try event.bind(arguments)
        let wasLoading = screen.isLoading
        let outcome: EventOutcome
        do {
            outcome = try screen.host.send(bound, asName: event.encodesAsString)
        } catch {
            throw ReplError(.eventDoesNotDecode(event: name, takes: event.arguments, reason: error.reason))
        }
        screen.stateMayHaveChanged()
        switch outcome {
        case .handled:
            if screen.host.takeStartedWork() || (!wasLoading && screen.isLoading) { screen.pushTag = tag }
            return try stateReply(screen)
        case .failed(let error):
            if screen.host.takeStartedWork() { screen.pushTag = tag }
            throw error
        case .recorded(let event, let count):
            return .recorded(RecordedEvent(screen: screen.name, model: screen.host.kind, event: event, count: count))
        }
    }

    func mock(state: JSONValue, given: [String]? = nil) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        try screen.host.mock(state, given: given)
        screen.stateMayHaveChanged()
        return try stateReply(screen)
    }

    func mock(fields: [NamedValue]) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        var state = try screen.stateValue()
        for field in fields {
            guard let path = StatePath(field.key) else { throw ReplError(.badPath(field.key)) }
            guard Self.set(path.components[...], to: field.value, in: &state) else {
                var known: [String] = []
                if case .object(let members) = state { known = members.map(\.key) }
                throw ReplError(.unknownStateField(field.key, screen: screen.name, known: known))
            }
        }
        return try mock(state: state, given: fields.map(\.key))
    }

    /// Sets the value at `path` (whose parents must exist) inside `value`; `false` when the path leads nowhere.
    private static func set(_ path: ArraySlice<StatePath.Component>, to newValue: JSONValue, in value: inout JSONValue) -> Bool {
        guard let first = path.first else {
            value = newValue
            return true
        }
        switch (first, value) {
        case (.key(let key), .object):
            guard var child = value[key] else { return false }
            guard set(path.dropFirst(), to: newValue, in: &child) else { return false }
            value.set(key, to: child)
            return true
        case (.index(let index), .array(var elements)):
            let position = index < 0 ? elements.count + index : index
            guard elements.indices.contains(position), set(path.dropFirst(), to: newValue, in: &elements[position]) else { return false }
            value = .array(elements)
            return true
        default:
            return false
        }
    }

    func write(_ fields: [NamedValue], tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        try screen.host.write(fields)
        screen.stateMayHaveChanged()
        if screen.host.takeStartedWork() { screen.pushTag = tag }
        return try stateReply(screen)
    }

    func showReal() throws(ReplError) -> Reply {
        let screen = try requireScreen()
        screen.host.showReal()
        screen.stateMayHaveChanged()
        return try stateReply(screen)
    }

    func expect(_ condition: StateCondition, name: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        if let failure = ConditionCheck.failure(of: condition, in: try screen.root(for: condition.path)) {
            throw failure
        }
        return .ok(Acknowledgement(name))
    }

    func stub(_ dependency: String, _ stub: DependencyTable.Stub, name: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        try screen.dependencies.stub(dependency, stub)
        let count = screen.dependencies.stubs(of: dependency).count
        return .ok(Acknowledgement(name, change: .stubbed(screen: screen.name, dependency: dependency, stub: stub, count: count)))
    }

    func unstub(_ dependency: String?, name: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        try screen.dependencies.unstub(dependency)
        guard let dependency else { return .ok(Acknowledgement(name, change: .unstubbed(screen: screen.name))) }
        return .ok(Acknowledgement(name, change: .stubs(screen: screen.name, dependency: dependency, stubs: [])))
    }

    func calls(_ dependency: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        let log = try screen.dependencies.calls(of: dependency)
        return .calls(screen: screen.name, dependency: dependency, calls: log.calls, dropped: log.dropped)
    }

    func watch(_ path: StatePath?, name: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        guard let path else { return .ok(Acknowledgement(name, change: .watches(screen: screen.name, paths: watches.paths(of: screen.name)))) }
        _ = watches.add(path, on: screen.name, current: path.lookup(in: try screen.root(for: path)))
        return .ok(Acknowledgement(name, change: .watched(screen: screen.name, path: path.description, count: watches.count(on: screen.name))))
    }

    func unwatch(_ path: StatePath?, name: String) throws(ReplError) -> Reply {
        let screen = try requireScreen()
        if watches.remove(path, on: screen.name) == 0, let path { throw ReplError(.notWatched(path.description)) }
        return .ok(Acknowledgement(name, change: .unwatched(screen: screen.name, path: path?.description, count: watches.count(on: screen.name))))
    }

    func help(_ topic: String?) throws(ReplError) -> Reply {
        guard let topic else { return .help(CommandTable.specs.map(\.helpEntry)) }
        guard let spec = CommandTable.spec(topic) else { throw ReplError(.noHelpTopic(named: topic)) }
        return .help([spec.helpEntry])
    }
}
