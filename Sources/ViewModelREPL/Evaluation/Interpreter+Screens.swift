/// `screens`, `use`, `describe`, `event`, `mock`, `real`, `expect` and `help`.
extension Interpreter {
    func replyScreens(tag: RequestTag) {
        output.begin("screens", tag: tag)
        output.field(
            "screens",
            .array(
                registry.definitions.map { definition in
                    .object([("name", .string(definition.name)), ("summary", .string(definition.summary))])
                }))
        if let current { output.field("current", current.name) }
        output.end()
    }

    func use(_ name: String, tag: RequestTag) throws(ReplError) {
        guard let definition = registry.definition(name) else {
            throw ReplError(.unknownScreen, Messages.unknownScreen(name, known: registry.names))
        }
        let screen: OpenScreen
        if let open = screens[name] {
            screen = open
        } else {
            let context = ScreenContext(clock: clock, seed: Self.mix(options.seed, name))
            screen = OpenScreen(host: definition.make(context))
            screens[name] = screen
        }
        current = screen
        try replyState(of: screen, tag: tag)
    }

    /// A per-screen seed, so opening screens in another order does not change their outcomes.
    private static func mix(_ seed: UInt64, _ name: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return seed ^ hash
    }

    func describe(tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        let state = try screen.host.stateValue()
        output.begin("describe", tag: tag)
        output.field("screen", screen.name)
        output.field("model", screen.host.kind.rawValue)
        output.field("loads", screen.host.loader != nil)
        output.field(
            "events",
            .array(
                screen.host.catalog.events.map { event in
                    .object([
                        ("name", .string(event.name)),
                        ("args", .array(event.arguments.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) })),
                    ])
                }))
        var fields: [JSONValue] = []
        if case .object(let members) = state {
            fields = members.map { .object([("name", .string($0.key)), ("type", .string($0.value.kind))]) }
        }
        output.field("fields", .array(fields))
        output.end()
    }

    func sendEvent(_ name: String, _ arguments: Command.Arguments, tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        let event = try eventValue(name, arguments, catalog: screen.host.catalog, screen: screen.name)
        let wasLoading = screen.isLoading
        let outcome: EventOutcome
        do {
            outcome = try screen.host.send(event)
        } catch where error.code == .badEventArguments {
            let spec = screen.host.catalog.event(name)?.arguments.map { ($0.name, $0.type) } ?? []
            throw ReplError(.badEventArguments, Messages.eventDoesNotDecode(name, expected: Messages.eventArguments(spec), reason: error.message))
        }
        switch outcome {
        case .handled:
            if !wasLoading, screen.isLoading { screen.pushTag = tag }
            try replyState(of: screen, tag: tag)
        case .recorded(let event, let count):
            output.begin("event", tag: tag)
            output.field("screen", screen.name)
            output.field("model", screen.host.kind.rawValue)
            output.field("event", event)
            output.field("recorded", count)
            output.end()
        }
    }

    /// Checks an event's name and arguments against the catalog and builds its JSON form.
    private func eventValue(_ name: String, _ arguments: Command.Arguments, catalog: EventCatalog, screen: String) throws(ReplError) -> JSONValue {
        guard let spec = catalog.event(name) else {
            throw ReplError(.unknownEvent, Messages.unknownEvent(name, screen: screen, known: catalog.names))
        }
        let expected = Messages.eventArguments(spec.arguments.map { ($0.name, $0.type) })
        var members: [(key: String, value: JSONValue)] = []
        if arguments.positional.count > spec.arguments.count {
            throw ReplError(.badEventArguments, Messages.tooManyPositional(event: name, expected: expected))
        }
        for (offset, value) in arguments.positional.enumerated() {
            members.append((spec.arguments[offset].name, value))
        }
        for field in arguments.named {
            guard spec.arguments.contains(where: { $0.name == field.key }) else {
                throw ReplError(.badEventArguments, Messages.unknownEventArgument(field.key, event: name, expected: expected))
            }
            if members.contains(where: { $0.key == field.key }) {
                throw ReplError(.badEventArguments, Messages.duplicateArgument(field.key))
            }
            members.append((field.key, field.value))
        }
        if let missing = spec.arguments.first(where: { argument in !members.contains { $0.key == argument.name } }) {
            throw ReplError(.badEventArguments, Messages.missingEventArgument(missing.name, event: name, expected: expected))
        }
        return .object([(name, .object(members))])
    }

    func mock(state: JSONValue, tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        try screen.host.mock(state)
        try replyState(of: screen, tag: tag)
    }

    func mock(fields: [Command.Field], tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        var state = try screen.host.stateValue()
        for field in fields {
            guard let path = StatePath(field.key) else { throw ReplError(.badArguments, Messages.badPath(field.key)) }
            guard Self.set(path.components[...], to: field.value, in: &state) else {
                var known: [String] = []
                if case .object(let members) = state { known = members.map(\.key) }
                throw ReplError(.unknownField, Messages.unknownStateField(field.key, screen: screen.name, known: known))
            }
        }
        try mock(state: state, tag: tag)
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

    func showReal(tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        screen.host.showReal()
        try replyState(of: screen, tag: tag)
    }

    func expect(_ condition: Command.Condition, tag: RequestTag) throws(ReplError) {
        let screen = try requireScreen()
        let root = try conditionRoot(screen, for: condition.path)
        if let failure = ConditionCheck.failure(of: condition, in: root) {
            throw failure
        }
        replyOK("expect", tag: tag)
    }

    /// What a condition on `path` looks into: the state, or `@events` (what the preview recorded)
    /// or `@model` (which view model is shown).
    func conditionRoot(_ screen: OpenScreen, for path: StatePath) throws(ReplError) -> JSONValue {
        switch path.components.first {
        case .key("@events"): return .object([("@events", .array(screen.host.recordedEvents()))])
        case .key("@model"): return .object([("@model", .string(screen.host.kind.rawValue))])
        default: return try screen.host.stateValue()
        }
    }

    func help(_ topic: String?, tag: RequestTag) throws(ReplError) {
        let entries: [CommandCatalog.Entry]
        if let topic {
            guard let entry = CommandCatalog.entry(topic) else { throw ReplError(.badArguments, Messages.unknownHelpTopic(topic)) }
            entries = [entry]
        } else {
            entries = CommandCatalog.entries
        }
        output.begin("help", tag: tag)
        output.field(
            "commands",
            .array(entries.map { .object([("name", .string($0.name)), ("usage", .string($0.usage)), ("summary", .string($0.summary))]) }))
        output.end()
    }
}
