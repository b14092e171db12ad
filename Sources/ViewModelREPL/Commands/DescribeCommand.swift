/// `describe`: the screen's events with their arguments, its state's fields, whether it loads, and
/// its dependencies.
package struct DescribeCommand: ReplCommand {
    package static let spec = CommandSpec(
        DescribeCommand.self, name: "describe", usage: "describe", summary: "the screen's events with their arguments, and its state's fields",
        needsScreen: true,
        leavesNoStep: true,
        tool: .init(
            "Describe the screen",
            returns: "its events with their arguments' types and a JSON Schema each, its state's fields, whether it loads, and its dependencies"))

    package init() {}
    package init(_: CommandMembers) {}

    package func run(in evaluator: Evaluator, tag: RequestTag) throws(ReplError) -> Reply {
        let screen = try evaluator.requireScreen()
        var fields: [(name: String, type: String)] = []
        let typedByHost = screen.asWritten?.fieldTypes()
        if let types = typedByHost {
            fields = types
        } else if case .object(let members) = try screen.stateValue() {
            fields = members.map { ($0.key, $0.value.kind) }
        }
        let dependencies = screen.dependencies.dependencies.map { ($0, screen.dependencies.stubs(of: $0.name)) }
        var description = ScreenDescription(
            screen: screen.name, model: screen.host.kind, loads: screen.loader?.loads == true,
            events: screen.host.catalog.events, fields: fields, dependencies: dependencies, bindings: screen.asWritten?.bindingTypes ?? [])
        description.outputs = screen.asWritten?.outputSchemas() ?? []
        description.preconditions = evaluator.preconditions.conditions(on: screen.name).mapValues { $0.map(\.text) }
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
        if evaluator.options.valueForms == .readable, typedByHost == nil, !fields.isEmpty, fields.allSatisfy({ declared[$0.name] != nil }) {
            let schema = TypeSchema.object(declared, fields: fields.map(\.name))
            description.stateSchema = (try? screen.stateValue()).map { TypeSchema.checked(schema, against: $0) } ?? schema
        }
        return .description(description)
    }
}
