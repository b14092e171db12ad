import Foundation

/// How an action's argument is read from JSON, chosen by the compiler from what its type is: a
/// `Decodable` type decodes, a raw-value enum takes a case's name or its raw value, a payload-free
/// enum takes a case's name, and any other type is refused with a reason (the action is still
/// listed, its `describe` names the reason, and sending it is an error that says so).
///
/// ```swift
/// .call("deleteItem", .of("at", IndexSet.self)) { (model: ListViewModel, at: IndexSet) in .of(model.deleteItem(at: at)) }
/// ```
/// `vmrepl-screens` writes these; a team writing its own actions may use `ScreenAction.action`.
public struct ArgumentForm<Value>: Sendable {
    /// The argument as `describe` and `event` know it.
    let argument: EventArgument
    /// Reads the value from its JSON; throws a `DecodingFailure` when it does not read.
    let read: @Sendable (JSONValue) throws -> Value
    /// An enum's cases as the generated file lists them, where it does: each is also an event of
    /// its own (`send.signIn`) where the action takes this one argument.
    var cases: [EnumCaseForm<Value>]? = nil

    /// Reads the argument `argument.name` from an event's arguments (`null` where it is left out).
    func read(from members: [(key: String, value: JSONValue)]) throws -> Value {
        let value = members.first { $0.key == argument.name }?.value ?? .null
        do {
            return try read(value)
        } catch let failure as DecodingFailure {
            throw DecodingFailure(reason: "\(argument.name): \(failure.reason)")
        }
    }

    /// The argument as described, from its type.
    private static func described(_ name: String, unsendable: String? = nil, cases: [(name: String, value: Value)]? = nil) -> EventArgument {
        var argument = EventArgument(
            name: name, type: TypeName.of(Value.self), schema: TypeSchema.of(Value.self), isOptional: Value.self is any ExpressibleByNilLiteral.Type)
        argument.unsendable = unsendable
        // An enum read by its cases' names lists them, for describe, completion and explore.
        if let cases, !cases.isEmpty { argument.cases = cases.map(\.name) }
        return argument
    }

    /// A type that is neither `Decodable` nor a raw-value enum: an enum whose cases carry no
    /// payload is read by a case's name; anything else is refused, with why.
    public static func of(_ name: String, _ type: Value.Type) -> ArgumentForm {
        if let cases = EnumCases.makeable(Value.self).map(HandedOver.init) {
            return ArgumentForm(argument: described(name, cases: cases.value)) { json in try byName(json, cases, raw: nil) }
        }
        let reason = Messages.notSendable(TypeName.of(Value.self))
        return ArgumentForm(argument: described(name, unsendable: reason)) { _ in throw DecodingFailure(reason: reason) }
    }

    /// The case of `cases` named by `json` (a case's name), else the one whose raw value `raw` reads.
    fileprivate static func byName(_ json: JSONValue, _ made: HandedOver<[(name: String, value: Value)]>, raw: ((JSONValue) throws -> Value?)?) throws -> Value
    {
        let cases = made.value
        if case .string(let text) = json, let found = cases.first(where: { $0.name == text }) { return found.value }
        // The readable form of a case with no payload, as synthesized `Codable` writes it: `{"name":{}}`.
        if case .object(let members) = json, members.count == 1, case .object(let inner) = members[0].value, inner.isEmpty,
            let found = cases.first(where: { $0.name == members[0].key })
        {
            return found.value
        }
        if let raw, let value = try raw(json) { return value }
        throw DecodingFailure(reason: Messages.notOneOfItsCases(JSONWriter.string(json), cases: cases.map(\.name)))
    }
}

extension ArgumentForm where Value: Decodable & SendableMetatype {
    /// A `Decodable` type: read as its conformance reads it, in the readable forms.
    public static func of(_ name: String, _ type: Value.Type) -> ArgumentForm {
        ArgumentForm(argument: described(name)) { json in try ArgumentDecoding.decode(Value.self, from: json) }
    }
}

extension ArgumentForm where Value: RawRepresentable & SendableMetatype, Value.RawValue: Decodable & SendableMetatype {
    /// A raw-value enum that is not `Decodable`: read by a case's name or by its raw value.
    public static func of(_ name: String, _ type: Value.Type) -> ArgumentForm {
        let cases = HandedOver(EnumCases.makeable(Value.self) ?? [])
        return ArgumentForm(argument: described(name, cases: cases.value)) { json in
            try byName(json, cases) { json in
                guard let raw = try? ArgumentDecoding.decode(Value.RawValue.self, from: json) else { return nil }
                return Value(rawValue: raw)
            }
        }
    }
}

extension ArgumentForm where Value: Decodable & SendableMetatype & RawRepresentable, Value.RawValue: Decodable & SendableMetatype {
    /// A raw-value enum that is `Decodable`: read as its conformance reads it (its raw value), or by a case's name.
    public static func of(_ name: String, _ type: Value.Type) -> ArgumentForm {
        let cases = HandedOver(EnumCases.makeable(Value.self) ?? [])
        return ArgumentForm(argument: described(name, cases: cases.value)) { json in
            do {
                return try ArgumentDecoding.decode(Value.self, from: json)
            } catch {
                guard case .string(let text) = json, let found = cases.value.first(where: { $0.name == text }) else { throw error }
                return found.value
            }
        }
    }
}

/// A value carried into a `@Sendable` closure that only reads it: the cases of a payload-free enum,
/// made once (each is its case's number and holds no reference), or a value just read for a write,
/// which nothing else holds.
struct HandedOver<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
