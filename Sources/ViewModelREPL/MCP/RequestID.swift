/// A JSON-RPC request id as the client wrote it: answered with exactly that text, so an id a
/// JSON value would change (a lone surrogate `"\ud800"`, `12345678901234567890` past a Double's
/// precision, `1e400` past its range) comes back as it came.
struct RequestID: Hashable, Sendable {
    /// The id's JSON text, as it came.
    let text: String
    /// What the id is matched by (a cancellation names a request by its id): an integer's value,
    /// so `7` and `7.0` differ only where JSON values do, otherwise the text itself.
    private let key: JSONValue

    /// The id of a message that has none that can be read.
    static let null = RequestID(checked: "null", key: .null)

    private init(checked text: String, key: JSONValue) {
        self.text = text
        self.key = key
    }

    /// The id whose JSON text is `text`, when it is a string or a number; `nil` for anything else.
    init?(text: String) {
        guard let first = text.utf8.first else { return nil }
        if first == UInt8(ascii: "\"") {
            guard case .string? = try? JSONParser.parse(text) else { return nil }
            self.init(checked: text, key: .string(text))
        } else {
            guard Self.isNumber(text) else { return nil }
            if case .int(let value)? = try? JSONParser.parse(text) {
                self.init(checked: text, key: .int(value))
            } else {
                self.init(checked: text, key: .string(text))
            }
        }
    }

    /// The id `value` stands for (a cancellation's `requestId`, read as a value).
    init?(value: JSONValue) {
        switch value {
        case .string, .int, .double: self.init(text: JSONWriter.string(value))
        // A number no Int or Double holds exactly is kept as its text.
        case .number(let text): self.init(text: text)
        default: return nil
        }
    }

    /// Whether `text` is a JSON number, whatever its size: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isNumber(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        func digits() -> Bool {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count > 0
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if !digits() {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits() else { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() else { return false }
        }
        return bytes.isEmpty
    }
}
