/// The MCP tools: one per command the table offers to agents, with the same name and the same
/// members as its JSON request form, and a JSON Schema for its arguments generated from the
/// members' types and the registered screens.
///
/// The list is made once and fixed for the process's life, as clients expect.
package struct ToolCatalog {
    /// The tools in table order, as `tools/list` returns them (titles included).
    package let tools: [JSONValue]
    private let specs: [String: CommandSpec]

    package init(registry: ScreenRegistry) {
        var tools: [JSONValue] = []
        var specs: [String: CommandSpec] = [:]
        for spec in CommandTable.specs {
            guard let tool = spec.tool else { continue }
            specs[spec.name] = spec
            let description = Messages.toolDescription(summary: spec.summary, returns: tool.returns, example: tool.example)
            // Every tool's schema is the same whatever the screens: an app of fifty screens costs
            // an agent no more tokens before its first call. Each screen's events, with the schema
            // of their arguments, are in `describe`'s reply (and `unknown_event` lists them).
            let schema = Self.inputSchema(spec, registry: registry)
            tools.append(
                .object([("name", .string(spec.name)), ("title", .string(tool.title)), ("description", .string(description)), ("inputSchema", schema)]))
        }
        self.tools = tools
        self.specs = specs
    }

    /// The tools without what revisions before 2025-06-18 do not know (`title`).
    var untitledTools: [JSONValue] {
        tools.map { tool in
            guard case .object(let members) = tool else { return tool }
            return .object(members.filter { $0.key != "title" })
        }
    }

    /// The command behind the tool named `name`.
    package func spec(_ name: String) -> CommandSpec? {
        specs[name]
    }

    /// The schema of a command's JSON request members.
    private static func inputSchema(_ spec: CommandSpec, registry: ScreenRegistry) -> JSONValue {
        let properties = spec.members.map { member in (member.name, memberSchema(member.type, registry: registry)) }
        return object(properties: properties, required: spec.members.filter(\.isRequired).map(\.name))
    }

    /// The JSON Schema of one event's arguments: each named, of the JSON type its sample showed, required
    /// unless its type is optional.
    package static func argumentsSchema(_ event: EventCatalog.Event) -> JSONValue {
        let properties = event.arguments.map { argument -> (String, JSONValue) in
            let type: String? =
                switch argument.type {
                case "int", "Int", "Int64", "Int32", "Int16", "Int8", "UInt", "UInt64", "UInt32", "UInt16", "UInt8": "integer"
                case "number", "Double", "Float": "number"
                case "string", "String", "Date", "URL", "UUID", "Data": "string"
                case "bool", "Bool": "boolean"
                case "array": "array"
                case "object": "object"
                default: argument.type.hasPrefix("[") && !argument.type.contains(":") ? "array" : nil
                }
            if let schema = argument.schema { return (argument.name, schema) }
            return (argument.name, type.map { .object([("type", .string($0))]) } ?? .object([]))
        }
        return object(properties: properties, required: event.arguments.filter { !$0.isOptional }.map(\.name))
    }

    private static func object(properties: [(String, JSONValue)], required: [String]) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("type", .string("object")), ("properties", .object(properties.map { ($0.0, $0.1) })), ("additionalProperties", .bool(false)),
        ]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONValue.string)))) }
        return .object(members)
    }

    private static func memberSchema(_ type: CommandSpec.MemberType, registry: ScreenRegistry) -> JSONValue {
        var members: [(key: String, value: JSONValue)]
        switch type {
        case .text, .event, .dependency, .path, .condition: members = [("type", .string("string"))]
        case .screen: members = [("type", .string("string")), ("enum", .array(registry.names.map(JSONValue.string)))]
        case .command: members = [("type", .string("string")), ("enum", .array(CommandTable.names.map(JSONValue.string)))]
        case .comparison: members = [("type", .string("string")), ("enum", .array(StateCondition.Operator.allCases.map { .string($0.rawValue) }))]
        case .choice(let values): members = [("type", .string("string")), ("enum", .array(values.map(JSONValue.string)))]
        case .eventArguments, .fields: members = [("type", .string("object"))]
        case .duration: members = [("type", .array([.string("string"), .string("number")]))]
        case .flag: members = [("type", .string("boolean"))]
        case .json: members = []
        }
        members.append(("description", .string(type.schemaDescription)))
        return .object(members)
    }
}
