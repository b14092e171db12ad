/// One case of an enum that is not `Decodable`, as `vmrepl-screens` writes it from the symbol
/// graph: its name, its payloads read through ``ArgumentForm``s, and how the case is made of them.
///
/// ```swift
/// .case("signIn", .of("user", String.self)) { user in .signIn(user: user) }
/// ```
/// A value names its case as the state prints it: `"signOut"`, `{"signIn":{"user":"ann"}}`, one
/// unlabeled payload as itself (`{"loaded":3}`), several as an array; synthesized `Codable`'s
/// `{"signOut":{}}` and `{"loaded":{"_0":3}}` too.
public struct EnumCaseForm<Value>: Sendable {
    let name: String
    /// Its payloads, each named by its label (`_0`, `_1`… where it has none).
    let arguments: [EventArgument]
    /// Makes the case from its payloads, by name.
    let make: @Sendable ([(key: String, value: JSONValue)]) throws -> Value

    /// A case without payload.
    public static func `case`(_ name: String, _ make: @escaping @Sendable () -> Value) -> EnumCaseForm {
        EnumCaseForm(name: name, arguments: []) { _ in make() }
    }

    /// A case with one payload.
    public static func `case`<A>(_ name: String, _ a: ArgumentForm<A>, _ make: @escaping @Sendable (A) -> Value) -> EnumCaseForm {
        EnumCaseForm(name: name, arguments: [a.argument]) { members in make(try a.read(from: members)) }
    }

    /// A case with two payloads.
    public static func `case`<A, B>(_ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, _ make: @escaping @Sendable (A, B) -> Value)
        -> EnumCaseForm
    {
        EnumCaseForm(name: name, arguments: [a.argument, b.argument]) { members in make(try a.read(from: members), try b.read(from: members)) }
    }

    /// A case with three payloads.
    public static func `case`<A, B, C>(
        _ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, _ c: ArgumentForm<C>, _ make: @escaping @Sendable (A, B, C) -> Value
    ) -> EnumCaseForm {
        EnumCaseForm(name: name, arguments: [a.argument, b.argument, c.argument]) { members in
            make(try a.read(from: members), try b.read(from: members), try c.read(from: members))
        }
    }

    /// The case as `describe` lists it: `signIn(user: String)`, `signOut`.
    var description: String {
        guard !arguments.isEmpty else { return name }
        return name + "(" + arguments.map { $0.name.hasPrefix("_") ? $0.type : "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    /// The case of `cases` that `json` names, made of its payloads.
    static func read(_ json: JSONValue, _ cases: [EnumCaseForm]) throws -> Value {
        let (name, payload): (String, JSONValue?) =
            switch json {
            case .string(let text): (text, nil)
            case .object(let members) where members.count == 1: (members[0].key, members[0].value)
            default: throw DecodingFailure(reason: Messages.notOneOfItsCases(JSONWriter.string(json), cases: cases.map(\.description)))
            }
        guard let form = cases.first(where: { $0.name == name }) else {
            throw DecodingFailure(reason: Messages.notOneOfItsCases(JSONWriter.string(json), cases: cases.map(\.description)))
        }
        return try form.make(form.members(of: payload))
    }

    /// A payload as members by name: an object by its labels, an array by position, one value as
    /// the only payload.
    private func members(of payload: JSONValue?) -> [(key: String, value: JSONValue)] {
        guard let payload else { return [] }
        switch payload {
        case .object(let members) where members.allSatisfy({ member in arguments.contains { $0.name == member.key } }):
            return members
        case .array(let elements) where arguments.count > 1:
            return zip(arguments, elements).map { ($0.name, $1) }
        default:
            return arguments.first.map { [($0.name, payload)] } ?? []
        }
    }
}

extension ArgumentForm {
    /// An enum that is not `Decodable`, read by the cases the generated file lists.
    public static func of(_ name: String, _ type: Value.Type, cases: [EnumCaseForm<Value>]) -> ArgumentForm {
        var argument = EventArgument(name: name, type: TypeName.of(Value.self), schema: TypeSchema.of(Value.self))
        argument.cases = cases.map(\.description)
        let read: @Sendable (JSONValue) throws -> Value = { json in try EnumCaseForm.read(json, cases) }
        return ArgumentForm(argument: argument, read: read, cases: cases)
    }
}

extension ArgumentForm where Value: Decodable & SendableMetatype {
    /// A `Decodable` enum: read as its conformance reads it; the cases listed are not needed.
    public static func of(_ name: String, _ type: Value.Type, cases: [EnumCaseForm<Value>]) -> ArgumentForm {
        of(name, type)
    }
}
