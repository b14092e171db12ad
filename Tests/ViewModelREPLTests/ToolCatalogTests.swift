import ExampleScreens
import Testing
import ViewModelREPL

/// The MCP tools come from the command table: same names, same members, schemas from their types.
struct ToolCatalogTests {
    let catalog = ToolCatalog(registry: ExampleScreens.registry())

    private func tool(_ name: String) throws -> JSONValue {
        try #require(catalog.tools.first { $0["name"] == .string(name) })
    }

    @Test func everyCommandForAgentsIsAToolInTableOrderAndNoOther() {
        let names = catalog.tools.compactMap { $0["name"]?.stringValue }
        #expect(names == CommandTable.specs.filter { $0.tool != nil }.map(\.name))
        #expect(names.count < 40)
        for sessionOnly in ["help", "set", "sleep", "quit"] { #expect(!names.contains(sessionOnly)) }
    }

    @Test func aToolsPropertiesAreItsCommandsMembersAndTheRequiredOnesAreRequired() throws {
        for spec in CommandTable.specs where spec.tool != nil {
            let schema = try #require(try tool(spec.name)["inputSchema"])
            guard case .object(let properties)? = schema["properties"] else {
                Issue.record("\(spec.name) has no properties")
                continue
            }
            #expect(properties.map(\.key) == spec.members.map(\.name), "\(spec.name)")
            let required = spec.members.filter(\.isRequired).map { JSONValue.string($0.name) }
            #expect((schema["required"] ?? .array([])) == .array(required), "\(spec.name)")
            #expect(schema["additionalProperties"] == .bool(false))
        }
    }

    @Test func theEventToolsSchemaIsTheSameWhateverTheScreens() throws {
        let schema = try #require(try tool("event")["inputSchema"])
        #expect(schema["oneOf"] == nil)
        #expect(schema["properties"]?["name"]?["type"] == .string("string"))
        #expect(schema["properties"]?["name"]?["enum"] == nil)
        #expect(try tool("event")["description"]?.stringValue?.contains("describe") == true)
    }

    /// Fifty screens of ten events each, with arguments: what an agent reads before its first call.
    @MainActor
    @Test func toolsListForFiftyScreensOfTenEventsStaysUnder16KB() throws {
        final class Model {}
        var screens = ScreenRegistry()
        for screen in 1...50 {
            let actions: [ScreenAction<Model>] = (1...10).map { event in
                .action("event\(event)OfScreen\(screen)", "identifier") { (_, identifier: Int) in _ = identifier }
            }
            screens.register("screen-number-\(screen)", summary: "the screen numbered \(screen) of an app of fifty", actions: actions) { _ in Model() }
        }
        let listed = JSONWriter.bytes(.object([("tools", .array(ToolCatalog(registry: screens).tools))]))
        #expect(listed.count < 16_384, "\(listed.count) bytes")
    }

    @Test func screensAndChoicesAreEnumerated() throws {
        let use = try #require(try tool("use")["inputSchema"]?["properties"]?["screen"])
        #expect(use["enum"] == .array(["foo", "users", "greeting", "posts", "viewstate-example", "async-content", "posts-tutorial"].map(JSONValue.string)))
        let op = try #require(try tool("expect")["inputSchema"]?["properties"]?["op"])
        #expect(op["enum"] == .array(["==", "!=", "contains", "exists", "<", "<=", ">", ">="].map(JSONValue.string)))
    }
}
