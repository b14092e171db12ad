import Foundation

/// The JSON Schema of a Swift type as vmrepl's readable value forms print it (optionals as
/// `null`, dates as ISO 8601 text, sets as arrays, enums externally tagged), read from the type,
/// not a value: what `describe` gives as `stateSchema`.
///
/// It follows stored properties and synthesized `Codable`; a type with its own `encode(to:)`
/// cannot be told from the type alone, so the schema is then ``checked(_:against:)`` against the
/// state: a part the state shows otherwise is described as anything (`{}`). Classes, functions
/// and what nests deeper than ``maximumDepth`` are too.
enum TypeSchema {
    static let maximumDepth = 12

    static func of(_ type: Any.Type, depth: Int = 0) -> JSONValue {
        guard depth < maximumDepth else { return .object([]) }
        if let scalar = scalar(type) { return scalar }
        if let optional = type as? any WrappedTypeProviding.Type {
            return .object([("anyOf", .array([of(optional.wrappedType, depth: depth + 1), .object([("type", .string("null"))])]))])
        }
        if let sequence = type as? any SequenceSchema.Type {
            var members: [(key: String, value: JSONValue)] = [("type", .string("array")), ("items", of(sequence.elementType, depth: depth + 1))]
            if sequence.isSet { members.append(("uniqueItems", .bool(true))) }
            return .object(members)
        }
        if let dictionary = type as? any DictionarySchema.Type {
            // Text, integer and raw-valued keys print as an object; others as [key, value] pairs.
            let key = dictionary.keyType
            guard key == String.self || key is any BinaryInteger.Type || key is any RawRepresentable.Type else { return .object([("type", .string("array"))]) }
            return .object([("type", .string("object")), ("additionalProperties", of(dictionary.valueType, depth: depth + 1))])
        }
        if let raw = type as? any RawRepresentable.Type { return rawValueSchema(raw) }
        if let cases = EnumCases.of(type) { return .object([("oneOf", .array(cases.map { schema(of: $0, depth: depth) }))]) }
        if let elements = EnumCases.tupleElements(of: type) { return payloadSchema(elements, depth: depth) }
        return structSchema(type, depth: depth)
    }

    /// The schema of a state struct's fields `names` (those the state prints), from their declared types.
    static func object(_ types: [String: Any.Type], fields names: [String]) -> JSONValue {
        object(types, names, depth: 0)
    }

    /// An object of the properties `names` whose types are known; those not optional are required.
    private static func object(_ types: [String: Any.Type], _ names: [String], depth: Int) -> JSONValue {
        let known = names.compactMap { name in types[name].map { (name: name, type: $0) } }
        return .object([
            ("type", .string("object")), ("properties", .object(known.map { ($0.name, of($0.type, depth: depth + 1)) })),
            ("required", .array(known.filter { !($0.type is any WrappedTypeProviding.Type) }.map { .string($0.name) })),
        ])
    }

    /// `schema` with every part the state `value` shows otherwise made anything (`{}`): a type
    /// with its own `Codable` prints other members than its stored properties (a load state's
    /// derived `isInitialLoad`), and a schema must never say what the state is not.
    static func checked(_ schema: JSONValue, against value: JSONValue) -> JSONValue {
        guard case .object(var members) = schema else { return schema }
        func set(_ key: String, _ new: JSONValue) {
            if let index = members.firstIndex(where: { $0.key == key }) { members[index].value = new }
        }
        if let anyOf = schema["anyOf"], case .array(let branches) = anyOf, branches.count == 2 {
            // An optional: the value is null, or what the wrapped schema describes.
            guard value != .null else { return schema }
            set("anyOf", .array([checked(branches[0], against: value), branches[1]]))
            return .object(members)
        }
        if case .array(let branches)? = schema["oneOf"] {
            // An enum: `"case"` or `{"case": payload}`; only the branch the value takes is checked.
            let taken: String?
            switch value {
            case .string(let name): taken = name
            case .object(let caseMembers) where caseMembers.count == 1: taken = caseMembers[0].key
            default: return .object([])
            }
            var known = false
            let updated = branches.map { branch -> JSONValue in
                if branch["const"] == .string(taken ?? "") {
                    known = true
                    return branch
                }
                guard let taken, case .object(let properties)? = branch["properties"], properties.first?.key == taken, let payload = value[taken] else {
                    return branch
                }
                known = true
                var branch = branch
                branch.set("properties", to: .object([(taken, checked(properties[0].value, against: payload))]))
                return branch
            }
            return known ? .object(members.map { $0.key == "oneOf" ? ($0.key, .array(updated)) : $0 }) : .object([])
        }
        switch (schema["type"], value) {
        case (.string("object")?, .object(let valueMembers)):
            if case .object(let properties)? = schema["properties"] {
                guard Set(properties.map(\.key)) == Set(valueMembers.map(\.key)) else { return .object([]) }
                set("properties", .object(properties.map { ($0.key, checked($0.value, against: value[$0.key] ?? .null)) }))
            } else if let values = schema["additionalProperties"], case .object = values {
                set("additionalProperties", valueMembers.reduce(values) { checked($0, against: $1.value) })
            }
            return .object(members)
        case (.string("array")?, .array(let elements)):
            if let items = schema["items"], case .object = items { set("items", elements.reduce(items) { checked($0, against: $1) }) }
            if case .array(let prefix)? = schema["prefixItems"], prefix.count == elements.count {
                set("prefixItems", .array(zip(prefix, elements).map { checked($0, against: $1) }))
            }
            return .object(members)
        case (.string("object")?, _), (.string("array")?, _):
            return .object([])
        default:
            return schema
        }
    }

    private static func scalar(_ type: Any.Type) -> JSONValue? {
        func typed(_ name: String, format: String? = nil) -> JSONValue {
            .object([("type", .string(name))] + (format.map { [("format", JSONValue.string($0))] } ?? []))
        }
        switch type {
        case is Bool.Type: return typed("boolean")
        case is any BinaryInteger.Type: return typed("integer")
        case is any BinaryFloatingPoint.Type, is Decimal.Type: return typed("number")
        case is String.Type, is Character.Type, is Substring.Type: return typed("string")
        case is Date.Type: return typed("string", format: "date-time")
        case is URL.Type: return typed("string", format: "uri")
        case is UUID.Type: return typed("string", format: "uuid")
        case is Data.Type: return .object([("type", .string("string")), ("contentEncoding", .string("base64"))])
        case is IndexSet.Type: return .object([("type", .string("array")), ("items", .object([("type", .string("integer")), ("minimum", .int(0))]))])
        default: return nil
        }
    }

    private static func rawValueSchema<Raw: RawRepresentable>(_: Raw.Type) -> JSONValue {
        of(Raw.RawValue.self)
    }

    /// `"idle"` for a case without payload; `{"loaded": PAYLOAD}` for one with.
    private static func schema(of enumCase: EnumCases.Case, depth: Int) -> JSONValue {
        guard let payload = enumCase.payloadType else { return .object([("const", .string(enumCase.name))]) }
        let value = EnumCases.tupleElements(of: payload).map { payloadSchema($0, depth: depth + 1) } ?? of(payload, depth: depth + 1)
        return .object([
            ("type", .string("object")), ("properties", .object([(enumCase.name, value)])), ("required", .array([.string(enumCase.name)])),
            ("additionalProperties", .bool(false)),
        ])
    }

    /// A payload of several values: an object when they are labeled, else an array in order.
    private static func payloadSchema(_ elements: [(label: String?, type: Any.Type)], depth: Int) -> JSONValue {
        if elements.allSatisfy({ $0.label != nil }) {
            let properties = elements.map { ($0.label!, of($0.type, depth: depth + 1)) }
            return .object([
                ("type", .string("object")), ("properties", .object(properties.map { ($0.0, $0.1) })),
                ("required", .array(elements.map { .string($0.label!) })),
            ])
        }
        return .object([
            ("type", .string("array")), ("prefixItems", .array(elements.map { of($0.type, depth: depth + 1) })), ("items", .bool(false)),
        ])
    }

    private static func structSchema(_ type: Any.Type, depth: Int) -> JSONValue {
        let types = StoredLayout.declaredTypes(of: type)
        guard !types.isEmpty else { return .object([]) }
        return object(types, types.keys.sorted(), depth: depth)
    }
}

/// What ``TypeSchema`` needs of an array or set and of a dictionary: their element types.
private protocol SequenceSchema {
    static var elementType: Any.Type { get }
    static var isSet: Bool { get }
}
private protocol DictionarySchema {
    static var keyType: Any.Type { get }
    static var valueType: Any.Type { get }
}

extension Array: SequenceSchema {
    fileprivate static var elementType: Any.Type { Element.self }
    fileprivate static var isSet: Bool { false }
}

extension Set: SequenceSchema {
    fileprivate static var elementType: Any.Type { Element.self }
    fileprivate static var isSet: Bool { true }
}

extension Dictionary: DictionarySchema {
    fileprivate static var keyType: Any.Type { Key.self }
    fileprivate static var valueType: Any.Type { Value.self }
}
