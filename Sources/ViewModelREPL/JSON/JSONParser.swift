/// A strict JSON parser over UTF-8 bytes that reports the column where the text went wrong.
///
/// The interpreter needs its own parser, not `JSONSerialization`, for three reasons: errors must
/// carry a column, integers must stay exact, and nesting must be capped so a hostile line cannot
/// exhaust the stack. A lone surrogate escape (`"\ud800"`) becomes U+FFFD, so every string the
/// session holds is valid Unicode and every line it prints is valid UTF-8.
package struct JSONParser {
    /// Why a text is not JSON, and where (a 0-based byte offset into the parsed bytes).
    package struct Failure: Error, Equatable {
        package var offset: Int
        package var reason: String
    }

    /// The deepest nesting of arrays and objects accepted.
    package static let defaultMaximumDepth = 64

    /// The text's bytes, borrowed for the parse: a line is parsed where it lies, not copied first.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    private let maximumDepth: Int
    /// The first member name an object in the outermost ``repeatLevels`` levels gives twice (where
    /// the later value wins).
    private var repeatedTopKey: String?
    /// How many levels of objects, from the outermost, a repeated member name is noted in.
    private var repeatLevels = 1

    private init(bytes: UnsafeBufferPointer<UInt8>, start: Int, maximumDepth: Int) {
        self.bytes = bytes
        self.index = start
        self.maximumDepth = maximumDepth
    }

    /// Parses the whole of `text` as one JSON value.
    package static func parse(_ text: String, maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in
            Result { () throws(Failure) in try parse(bytes, maximumDepth: maximumDepth) }
        }.get()
    }

    /// Parses the whole of `bytes` as one JSON value.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> JSONValue {
        var parser = JSONParser(bytes: bytes, start: 0, maximumDepth: maximumDepth)
        return try parser.parseDocument()
    }

    /// Parses the whole of `bytes` as one JSON value, and names the first member the outermost
    /// object (or an object in its first `levels` levels) gives twice: a request must not leave
    /// which one counts to a guess.
    package static func parseNotingRepeat(
        _ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = defaultMaximumDepth, levels: Int = 1
    ) throws(Failure) -> (JSONValue, repeated: String?) {
        var parser = JSONParser(bytes: bytes, start: 0, maximumDepth: maximumDepth)
        parser.repeatLevels = levels
        let value = try parser.parseDocument()
        return (value, parser.repeatedTopKey)
    }

    /// Parses one JSON value starting at `start` in `bytes`; returns it and the offset just past it.
    package static func parsePrefix(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, maximumDepth: Int = defaultMaximumDepth) throws(Failure) -> (
        JSONValue, Int
    ) {
        var parser = JSONParser(bytes: bytes, start: start, maximumDepth: maximumDepth)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        return (value, parser.index)
    }

    private mutating func parseDocument() throws(Failure) -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected text after the JSON value") }
        return value
    }

    private func fail(_ reason: String) -> Failure {
        Failure(offset: index, reason: reason)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D {
            index += 1
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
        guard index < bytes.count else { throw fail("expected a JSON value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw fail("expected a JSON value")
        }
    }

    private mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("expected a JSON value") }
        let matches = word.withUTF8Buffer { literal in
            (0..<count).allSatisfy { bytes[index + $0] == literal[$0] }
        }
        guard matches else { throw fail("expected a JSON value") }
        index += count
        return value
    }

    /// How many members an object's repeats are found among by scanning, before an index is built.
    private static let scannedMembers = 16

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        // Most objects are small: room for a few members at once instead of growing 1, 2, 4.
        members.reserveCapacity(4)
        // Past a few members, repeats are found through an index by name, so a large object is
        // read in time linear in its members (a scan of the members before each is quadratic).
        var positions: [String: Int]?
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a quoted member name") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name") }
            index += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            let existing: Int?
            if positions == nil, members.count < Self.scannedMembers {
                let length = key.utf8.count
                existing = members.firstIndex { $0.key.utf8.count == length && $0.key == key }
            } else {
                if positions == nil { positions = Dictionary(members.enumerated().map { ($1.key, $0) }) { first, _ in first } }
                existing = positions?[key]
            }
            if let existing {
                members[existing].value = value
                if depth <= repeatLevels, repeatedTopKey == nil { repeatedTopKey = key }
            } else {
                positions?[key] = members.count
                members.append((key, value))
            }
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw fail("expected ',' or '}'") }
            index += 1
            return .object(members)
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
        guard depth <= maximumDepth else { throw fail("nested deeper than \(maximumDepth) levels") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw fail("unterminated array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == UInt8(ascii: "]") else { throw fail("expected ',' or ']'") }
            index += 1
            return .array(elements)
        }
    }

    private mutating func parseNumber() throws(Failure) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        let firstDigit = negative ? start + 1 : start
        // Up to 18 digits cannot overflow: summed here, without making a string to read.
        if isInteger, index - firstDigit <= 18 {
            var value = 0
            for position in firstDigit..<index { value = value &* 10 &+ Int(bytes[position] &- UInt8(ascii: "0")) }
            // -0 is a number of its own: a Double decoded from it keeps its sign, as JSONDecoder's does.
            return negative ? (value == 0 ? .double(-0.0) : .int(-value)) : .int(value)
        }
        let text = text(start..<index)
        if isInteger {
            return Int(text).map(JSONValue.int) ?? .number(text)
        }
        // More digits than a Double keeps, or out of its range (above it, or below it: `1e-400` is no
        // Double but 0): kept as text, for a Decimal, to echo, or to be refused as out of range.
        let digits = significantDigits(start..<index)
        guard let value = Double(text), value.isFinite, digits <= 17, value != 0 || digits == 0 else { return .number(text) }
        return .double(value)
    }

    /// The digits of the number in `range` from its first non-zero one to the end of its mantissa.
    private func significantDigits(_ range: Range<Int>) -> Int {
        var count = 0
        for position in range {
            let byte = bytes[position]
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard isDigit(byte), count > 0 || byte != UInt8(ascii: "0") else { continue }
            count += 1
        }
        return count
    }

    /// The bytes in `range` as a string.
    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        var out: [UInt8] = []
        var runStart = index
        while true {
            index = ByteScan.stringEnd(bytes, from: index)
            guard index < bytes.count else { throw fail("unterminated string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { index += 1 }
                // Most strings have no escapes: made straight from the line's bytes.
                if out.isEmpty { return text(runStart..<index) }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                return String(decoding: out, as: UTF8.self)
            }
            if byte < 0x20 { throw fail("control character in a string; escape it") }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            index += 1
            guard index < bytes.count else { throw fail("unterminated string") }
            let escape = bytes[index]
            index += 1
            let scalar: Unicode.Scalar
            switch escape {
            case UInt8(ascii: "\""): scalar = "\""
            case UInt8(ascii: "\\"): scalar = "\\"
            case UInt8(ascii: "/"): scalar = "/"
            case UInt8(ascii: "b"): scalar = "\u{08}"
            case UInt8(ascii: "f"): scalar = "\u{0C}"
            case UInt8(ascii: "n"): scalar = "\n"
            case UInt8(ascii: "r"): scalar = "\r"
            case UInt8(ascii: "t"): scalar = "\t"
            case UInt8(ascii: "u"): scalar = try parseUnicodeEscape()
            default:
                index -= 2
                throw fail("unknown escape in a string")
            }
            out.append(contentsOf: UTF8.encode(scalar)!)
            runStart = index
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("expected four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private mutating func parseUnicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try parseHex4()
        if (0xD800...0xDBFF).contains(first),
            index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        {
            let save = index
            index += 2
            let second = try parseHex4()
            if (0xDC00...0xDFFF).contains(second) {
                return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) ?? "\u{FFFD}"
            }
            index = save
        }
        // A lone surrogate cannot be represented in valid UTF-8.
        return Unicode.Scalar(first) ?? "\u{FFFD}"
    }
}
