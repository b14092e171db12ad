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

    @Test func theEventToolEnumeratesEveryScreensEventsWithABranchEach() throws {
        let schema = try #require(try tool("event")["inputSchema"])
        let names = ExampleScreens.registry().definitions.flatMap { $0.catalog.names }
        var distinct: [String] = []
        for name in names where !distinct.contains(name) { distinct.append(name) }
        #expect(schema["properties"]?["name"]?["enum"] == .array(distinct.map(JSONValue.string)))
        guard case .array(let branches)? = schema["oneOf"] else {
            Issue.record("no oneOf")
            return
        }
        #expect(branches.compactMap { $0["properties"]?["name"]?["const"]?.stringValue } == distinct)
        let select = try #require(branches.first { $0["properties"]?["name"]?["const"] == .string("select") })
        #expect(select["properties"]?["args"]?["properties"]?["id"] == .object([("type", .string("integer"))]))
        #expect(select["required"] == .array([.string("name"), .string("args")]))
    }

    @Test func screensAndChoicesAreEnumerated() throws {
        let use = try #require(try tool("use")["inputSchema"]?["properties"]?["screen"])
        #expect(use["enum"] == .array(["foo", "users", "greeting", "posts", "viewstate-example", "async-content", "posts-tutorial"].map(JSONValue.string)))
        let op = try #require(try tool("expect")["inputSchema"]?["properties"]?["op"])
        #expect(op["enum"] == .array(["==", "!=", "contains", "exists"].map(JSONValue.string)))
    }
}
