/// `mock state=JSON | mock FIELD=VALUE...`: swap to the preview view model with exactly this
/// state, or with the current state's fields changed.
package struct MockCommand: ReplCommand {
    package static let spec = CommandSpec(
        MockCommand.self, name: "mock", usage: "mock state=JSON | mock FIELD=VALUE...",
        summary: "swap to the preview view model with exactly this state, or the current state with these fields changed",
        members: [.named(.state, .json), .rest(.set, .fields)], needsScreen: true,
        tool: .init("Mock a state", returns: "the state the preview view model now shows", example: #"{"set":{"message":"hi"}}"#))

    /// What the preview view model shows.
    package enum Mocked: Equatable, Sendable {
        /// Exactly this state.
        case state(JSONValue)
        /// The current state with these fields (paths) changed.
        case fields([NamedValue])
    }

    package var mocked: Mocked

    package init(_ mocked: Mocked) {
        self.mocked = mocked
    }

    package init(_ members: CommandMembers) throws(ReplError) {
        switch (members.json(.state), members.fields(.set)) {
        case (let state?, nil): mocked = .state(state)
        case (nil, let fields?): mocked = .fields(fields)
        default: throw ReplError(members.isJSON ? .mockNeedsStateOrSet : .usage(of: Self.spec))
        }
    }

    package var members: CommandMembers {
        switch mocked {
        case .state(let state): CommandMembers((.state, .json(state)))
        case .fields(let fields): CommandMembers((.set, .fields(fields)))
        }
    }

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        switch mocked {
        case .state(let state):
            return try Self.show(state, given: nil, on: screen, in: evaluator)
        case .fields(let fields):
            var state = try screen.stateValue()
            // The fields as the check names places (`votes` for `["votes"]`, `items[2]` for `items[-1]`),
            // so every form of a field is checked alike.
            var given: [String] = []
            for field in fields {
                guard let path = StatePath(field.key) else { throw ReplError(.badPath(field.key)) }
                var place = ""
                guard Self.set(path.components[...], to: field.value, in: &state, at: &place) else {
                    var known: [String] = []
                    if case .object(let members) = state { known = members.map(\.key) }
                    throw ReplError(.unknownStateField(field.key, screen: screen.name, known: known))
                }
                given.append(place)
            }
            return try Self.show(state, given: given, on: screen, in: evaluator)
        }
    }

    /// Shows `state` in the screen's preview; `given` names the fields the line gave, the only ones checked to show as given.
    @MainActor private static func show(_ state: JSONValue, given: [String]?, on screen: OpenScreen, in evaluator: Evaluator) throws(ReplError) -> Reply {
        try screen.host.mock(state, given: given)
        screen.stateMayHaveChanged()
        return try evaluator.stateReply(screen)
    }

    /// Sets the value at `path` (whose parents must exist) inside `value`, writing the place it set
    /// as ``PathText`` writes it to `place`; `false` when the path leads nowhere.
    private static func set(
        _ path: ArraySlice<StatePath.Component>, to newValue: JSONValue, in value: inout JSONValue, at place: inout String
    ) -> Bool {
        guard let first = path.first else {
            value = newValue
            return true
        }
        switch (first, value) {
        case (.key(let key), .object):
            guard var child = value[key] else { return false }
            PathText.append(key: key, to: &place)
            guard set(path.dropFirst(), to: newValue, in: &child, at: &place) else { return false }
            value.set(key, to: child)
            return true
        case (.index(let index), .array(var elements)):
            let position = index < 0 ? elements.count + index : index
            guard elements.indices.contains(position) else { return false }
            place += "[\(position)]"
            guard set(path.dropFirst(), to: newValue, in: &elements[position], at: &place) else { return false }
            value = .array(elements)
            return true
        default:
            return false
        }
    }
}
