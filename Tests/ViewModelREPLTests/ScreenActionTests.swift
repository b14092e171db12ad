import Testing

@testable import ViewModelREPL

private struct Place: Codable {
    var name: String
    var floor: Int?
}

@MainActor
private final class Switch {
    var on = false
    var reasons: [String?] = []
    func flip() { on.toggle() }
    func settle() async { on = true }
}

/// A closure without `await` is a sync action, made as a plain call; one with `await`, a task.
@MainActor
@Suite struct ScreenActionTests {
    private func isSync(_ action: ScreenAction<Switch>, _ arguments: [(key: String, value: JSONValue)] = []) throws -> Bool {
        if case .sync = try action.prepare(arguments) { return true }
        return false
    }

    @Test func eachArityPicksSyncForAClosureWithoutAwait() throws {
        #expect(try isSync(.action("flip") { $0.flip() }))
        #expect(try !isSync(.action("settle") { await $0.settle() }))
        let one: [(key: String, value: JSONValue)] = [("a", .int(1))]
        #expect(try isSync(.action("one", "a") { (model, _: Int) in model.flip() }, one))
        #expect(try !isSync(.action("one", "a") { (model, _: Int) in await model.settle() }, one))
        let two: [(key: String, value: JSONValue)] = [("a", .int(1)), ("b", .string("x"))]
        #expect(try isSync(.action("two", "a", "b") { (model, _: Int, _: String) in model.flip() }, two))
        #expect(try !isSync(.action("two", "a", "b") { (model, _: Int, _: String) in await model.settle() }, two))
        let three = two + [("c", .bool(true))]
        #expect(try isSync(.action("three", "a", "b", "c") { (model, _: Int, _: String, _: Bool) in model.flip() }, three))
        #expect(try !isSync(.action("three", "a", "b", "c") { (model, _: Int, _: String, _: Bool) in await model.settle() }, three))
    }

    @Test func argumentsAreDecodedByNameAndNamedInTheirErrors() throws {
        let action: ScreenAction<Switch> = .action("two", "a", "b") { (model, _: Int, _: String) in model.flip() }
        #expect(action.arguments.map(\.name) == ["a", "b"] && action.arguments.map(\.type) == ["Int", "String"])
        #expect(throws: DecodingFailure.self) { try action.prepare([("a", .int(1)), ("b", .int(2))]) }
        let failure = #expect(throws: DecodingFailure.self) { try action.prepare([("a", .string("x")), ("b", .string("y"))]) }
        #expect(failure?.reason.hasPrefix("a: ") == true)
    }

    @Test func aStructArgumentsSchemaListsItsMembers() throws {
        let action: ScreenAction<Switch> = .action("go", "place") { (model, _: Place) in model.flip() }
        let event = EventCatalog.Event(name: "go", arguments: action.arguments, encodesAsString: false)
        let schema = ToolCatalog.argumentsSchema(event)
        let place = try #require(schema["properties"]?["place"])
        #expect(place["type"] == .string("object"))
        #expect(place["properties"]?["name"]?["type"] == .string("string"))
        #expect(place["required"] == .array([.string("name")]))
    }

    @Test func anOptionalArgumentMayBeLeftOutAndIsThenNil() throws {
        let action: ScreenAction<Switch> = .action("dismiss", "reason", "count") { (model, reason: String?, _: Int) in model.reasons.append(reason) }
        #expect(action.arguments.map(\.isOptional) == [true, false])
        let event = EventCatalog.Event(name: "dismiss", arguments: action.arguments, encodesAsString: false)
        let json = try event.json(for: EventArguments(named: [NamedValue(key: "count", value: .int(1))]))
        #expect(json == .object([("dismiss", .object([("count", .int(1))]))]))
        #expect(throws: ReplError.self) { try event.json(for: EventArguments(named: [NamedValue(key: "reason", value: .string("x"))])) }
        guard case .sync(let call) = try action.prepare([("count", .int(1))]) else { return #expect(Bool(false)) }
        let model = Switch()
        #expect(try call(model).value == nil)
        #expect(model.reasons == [nil])
        #expect(ToolCatalog.argumentsSchema(event)["required"] == .array([.string("count")]))
    }
}
