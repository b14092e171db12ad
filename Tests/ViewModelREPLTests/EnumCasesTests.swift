import Testing

@testable import ViewModelREPL

/// An enum's cases are read from its type, whatever value a state holds now.
struct EnumCasesTests {
    enum Phase {
        case idle
        case loaded(Int)
        case failed(message: String)
        case moved(Int, Int)
    }
    enum Outcome<Value> {
        case none
        case value(Value)
        case values([Value])
    }
    indirect enum Tree {
        case leaf
        case node(Tree, Tree)
    }
    struct Plain { var x = 1 }

    @Test func casesComeFromTheTypePayloadCasesFirst() {
        #expect(EnumCases.of(Phase.self)?.map(\.description) == ["loaded(Int)", "failed(message: String)", "moved(Int, Int)", "idle"])
        #expect(EnumCases.of(Outcome<String>.self)?.map(\.description) == ["value(String)", "values([String])", "none"])
        #expect(EnumCases.of(Tree.self)?.map(\.description) == ["node(Tree, Tree)", "leaf"])
    }

    @Test func whatIsNoEnumHasNoCases() {
        #expect(EnumCases.of(Plain.self) == nil)
        #expect(EnumCases.of(Int?.self) == nil)
        #expect(EnumCases.of(String.self) == nil)
        #expect(EnumCases.of((Int, Int).self) == nil)
        #expect(EnumCases.of(EnumCasesTests.self) == nil)
    }

    @Test func tupleTypesKeepTheirCommas() {
        #expect(TypeName.of([(Int, String)].self) == "[(Int, String)]")
        #expect(TypeName.of([String: (Int, Int)].self) == "[String: (Int, Int)]")
    }
}

/// An event argument of enum type is typed from the event enum: describe, errors, completion and
/// the event tool's schema list its cases.
struct EnumArgumentTests {
    enum Mode: Codable {
        case off
        case on(level: Int)
    }
    enum Event: Codable {
        case set(mode: Mode)
        case nudge(Int)
        case reset
    }

    @Test func anEnumArgumentListsItsCases() throws {
        let catalog = EventCatalog(samples: [Event.set(mode: .off), .nudge(1), .reset])
        let mode = try #require(catalog.event("set")?.arguments.first)
        #expect(mode.name == "mode")
        #expect(mode.cases == ["on(level: Int)", "off"])
        #expect(mode.schema?["oneOf"].map { if case .array(let branches) = $0 { branches.count } else { 0 } } == 2)
        #expect(Messages.arguments([mode]) == "mode: string (one of on(level: Int), off)")
        let schema = ToolCatalog.argumentsSchema(try #require(catalog.event("set")))
        #expect(schema["properties"]?["mode"] == mode.schema)

        var context = CompletionContext()
        context.events = [("set", ["mode"])]
        context.argumentCases = ["set": ["mode": ["off"]]]
        #expect(context.candidates(before: "event set ") == [#"mode="off""#])
    }
}

/// An unlabeled payload is positional: `event move 1 2`, never `_0`.
struct PositionalPayloadTests {
    enum Event: Codable, Equatable {
        case nudge(Int)
        case move(Int, Int)
        case named(id: Int)
    }

    @Test func anUnlabeledPayloadTakesValuesInOrder() throws {
        let catalog = EventCatalog(samples: [Event.nudge(1), .move(1, 2), .named(id: 1)])
        let nudge = try #require(catalog.event("nudge"))
        let move = try #require(catalog.event("move"))
        #expect(nudge.arguments.map(\.name) == ["value"] && nudge.isPositional)
        #expect(move.arguments.map(\.name) == ["value", "value2"] && move.arguments.map(\.type) == ["int", "int"])
        #expect(move.arguments.first?.schema == .object([("type", .string("integer"))]))
        #expect(catalog.event("named")?.isPositional == false)
        let one = try nudge.json(for: EventArguments(positional: [.int(3)]))
        #expect(JSONWriter.string(one) == #"{"nudge":3}"#)
        #expect(JSONValueDecoder.decodeIfHandled(Event.self, from: one) == .nudge(3))
        let two = try move.json(for: EventArguments(named: [.init(key: "value2", value: .int(5))], positional: [.int(4)]))
        #expect(JSONWriter.string(two) == #"{"move":[4,5]}"#)
        #expect(JSONValueDecoder.decodeIfHandled(Event.self, from: two) == .move(4, 5))
    }
}
