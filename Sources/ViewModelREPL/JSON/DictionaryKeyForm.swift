import Foundation

/// How a dictionary is written in the readable forms, by the kind of its keys: an object when its
/// keys are text, integers or the raw values of either (and no two print alike), else `[key, value]`
/// pairs sorted by their JSON. The same on every path: reflection decides it from each key, a
/// `Codable` state from the key's type (`JSONEncoder` writes such a dictionary as one flat array,
/// `[key, value, key, value]`, in hash order), and reading back turns either form into that array.
enum DictionaryKeyForm {
    /// Keys written as object keys as they are (`String`, `Int`, and keys `Codable` keys by themselves).
    case native
    /// Text or raw text keys, written by `Codable` into the flat array.
    case text
    /// Integer or raw integer keys, written by `Codable` into the flat array.
    case integer
    /// Any other key: `[key, value]` pairs.
    case pairs

    /// The form of a dictionary keyed by `key`.
    static func of(_ key: Any.Type) -> DictionaryKeyForm {
        if key == String.self || key == Int.self { return .native }
        if #available(macOS 12.3, iOS 15.4, tvOS 15.4, watchOS 8.5, *), key is any CodingKeyRepresentable.Type { return .native }
        if key is any BinaryInteger.Type { return .integer }
        guard let raw = key as? any RawRepresentable.Type else { return .pairs }
        let rawType = rawValueType(raw)
        if rawType == String.self { return .text }
        return rawType is any BinaryInteger.Type ? .integer : .pairs
    }

    private static func rawValueType<Raw: RawRepresentable>(_: Raw.Type) -> Any.Type {
        Raw.RawValue.self
    }

    /// The readable form of the flat array `written` (`[key, value, …]`, as `Codable` writes the
    /// dictionary), or `nil` where it is no such array.
    func readable(_ written: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        let text = JSONText(bytes: written)
        guard written.first == UInt8(ascii: "["), let range = text.value(at: 0), range.upperBound == written.count,
            let elements = text.elements(of: range), elements.count % 2 == 0
        else { return nil }
        // Empty, it is an empty object, as reflection writes it.
        if elements.isEmpty { return [UInt8(ascii: "{"), UInt8(ascii: "}")] }
        let pairs = stride(from: 0, to: elements.count, by: 2).map { (key: elements[$0], value: elements[$0 + 1]) }
        if self != .pairs, let names = keyNames(pairs.map { written[$0.key] }), Set(names).count == names.count {
            let members = zip(names, pairs).sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
            var out: [UInt8] = [UInt8(ascii: "{")]
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                out += JSONWriter.bytes(.string(member.0)) + [UInt8(ascii: ":")] + written[member.1.value]
            }
            return out + [UInt8(ascii: "}")]
        }
        let pieces = pairs.map { [UInt8(ascii: "[")] + written[$0.key] + [UInt8(ascii: ",")] + written[$0.value] + [UInt8(ascii: "]")] }
        return [UInt8(ascii: "[")] + Array(pieces.sorted { $0.lexicographicallyPrecedes($1) }.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
    }

    /// The object keys the written keys are shown as: a string's text, an integer's digits.
    private func keyNames(_ keys: [Slice<UnsafeBufferPointer<UInt8>>]) -> [String]? {
        var names: [String] = []
        for key in keys {
            switch try? JSONParser.parse(String(decoding: key, as: UTF8.self)) {
            case .string(let name)? where self == .text: names.append(name)
            case .int(let number)? where self == .integer: names.append(String(number))
            default: return nil
            }
        }
        return names
    }

    /// `value` as `Codable` reads this dictionary: the flat array `[key, value, …]`, from the object
    /// or the pairs the readable forms write; `nil` where it is neither.
    func codable(_ value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let members) where members.isEmpty:
            return .array([])
        case .object(let members) where self == .text:
            return .array(members.flatMap { [JSONValue.string($0.key), $0.value] })
        case .object(let members) where self == .integer:
            var flat: [JSONValue] = []
            for member in members {
                guard let number = Int(member.key) else { return nil }
                flat += [.int(number), member.value]
            }
            return .array(flat)
        case .array(let elements):
            var flat: [JSONValue] = []
            for element in elements {
                guard case .array(let pair) = element, pair.count == 2 else { return nil }
                flat += pair
            }
            return .array(flat)
        default:
            return nil
        }
    }
}

/// A dictionary, whose key type decides its readable form.
protocol KeyedEntries {
    static var keyForm: DictionaryKeyForm { get }
}

extension Dictionary: KeyedEntries {
    static var keyForm: DictionaryKeyForm { DictionaryKeyForm.of(Key.self) }
}
