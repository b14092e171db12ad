import Foundation

/// The readable forms the writer makes from what a set or an enum wrote through `Codable`.
extension StateEncoder.Writer {
    /// What kind of value a type is, for its readable form; found once per type.
    enum Shape {
        case plain
        /// A `Set`: its elements are sorted by their JSON, so every process prints the same.
        case set
        /// An enum: synthesized `Codable`'s `{"case":{"_0":…}}` becomes `{"case":…}`, and `{"case":{}}` becomes `"case"`.
        case enumeration
        /// A dictionary `Codable` writes as a flat array: an object or sorted pairs (``DictionaryKeyForm``).
        case dictionary(DictionaryKeyForm)
    }

    func shape<Value: Encodable>(of value: Value) -> Shape {
        let key = ObjectIdentifier(Value.self)
        if let known = shapes[key] { return known }
        let found: Shape
        if Value.self is any UnorderedElements.Type {
            found = .set
        } else if let keyed = Value.self as? any KeyedEntries.Type {
            found = keyed.keyForm == .native ? .plain : .dictionary(keyed.keyForm)
        } else if Mirror(reflecting: value).displayStyle == .enum {
            found = .enumeration
        } else {
            found = .plain
        }
        shapes[key] = found
        return found
    }

    /// Rewrites the dictionary written from `start` as a flat array in its readable `form`.
    func rewriteDictionary(from start: Int, _ form: DictionaryKeyForm) {
        let written = Array(bytes.bytes[start...])
        guard let readable = written.withUnsafeBufferPointer({ form.readable($0) }) else { return }
        bytes.truncate(to: start)
        bytes.append(readable)
    }

    /// Sorts the elements of the array written from `start` by their bytes.
    func sortElements(from start: Int) {
        let written = Array(bytes.bytes[start...])
        let sorted: [UInt8]? = written.withUnsafeBufferPointer { buffer in
            let text = JSONText(bytes: buffer)
            guard let range = text.value(at: 0), range.upperBound == buffer.count, buffer.first == UInt8(ascii: "["),
                let elements = text.elements(of: range)
            else { return nil }
            let pieces = elements.map { Array(buffer[$0]) }.sorted { $0.lexicographicallyPrecedes($1) }
            return Array(pieces.joined(separator: [UInt8(ascii: ",")]))
        }
        guard let sorted else { return }
        bytes.truncate(to: start)
        bytes.append(UInt8(ascii: "["))
        bytes.append(sorted)
        bytes.append(UInt8(ascii: "]"))
    }

    /// Rewrites the enum case written from `start` in its externally tagged form: a case without
    /// payload as its name, one unlabeled payload as itself, several as an array; labeled payloads
    /// stay an object. Anything else (an enum with its own `Codable`) is left as written.
    func tagCase(from start: Int) {
        let written = Array(bytes.bytes[start...])
        let tagged: [UInt8]? = written.withUnsafeBufferPointer { buffer in
            let text = JSONText(bytes: buffer)
            guard buffer.first == UInt8(ascii: "{"), let range = text.value(at: 0), range.upperBound == buffer.count,
                let outer = text.members(of: range), outer.count == 1,
                buffer[outer[0].value.lowerBound] == UInt8(ascii: "{"),
                let payload = text.members(of: outer[0].value)
            else { return nil }
            let name = outer[0].key
            if payload.isEmpty { return JSONWriter.bytes(.string(name)) }
            var positional: [Range<Int>?] = Array(repeating: nil, count: payload.count)
            for member in payload {
                guard member.key.hasPrefix("_"), let index = Int(member.key.dropFirst()), index >= 0, index < payload.count,
                    positional[index] == nil
                else { return nil }
                positional[index] = member.value
            }
            let values = positional.compactMap { $0 }.map { Array(buffer[$0]) }
            let inner = values.count == 1 ? values[0] : [UInt8(ascii: "[")] + Array(values.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
            return [UInt8(ascii: "{")] + JSONWriter.bytes(.string(name)) + [UInt8(ascii: ":")] + inner + [UInt8(ascii: "}")]
        }
        guard let tagged else { return }
        bytes.truncate(to: start)
        bytes.append(tagged)
    }
}

/// A collection whose order is not its own (`Set`): its readable form is sorted.
protocol UnorderedElements {}

extension Set: UnorderedElements {}
