/// A cursor over one input line's bytes: the lexing half of the command parser.
///
/// Words are runs of non-blank bytes; values after `key=` and positional arguments may be JSON
/// (`3`, `true`, `null`, `"a b"`, `{…}`, `[…]`), a single-quoted string, or a bare word taken as a string.
///
/// It reads the line's bytes where they lie, so it lives only inside ``scan(_:_:)``.
struct LineScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Runs `body` with a scanner over `text`'s bytes.
    static func scan<Result>(_ text: String, _ body: (inout LineScanner) throws(ReplError) -> Result) throws(ReplError) -> Result {
        var text = text
        return try text.withUTF8 { bytes in
            Swift.Result { () throws(ReplError) in
                var scanner = LineScanner(bytes: bytes)
                return try body(&scanner)
            }
        }.get()
    }

    var isAtEnd: Bool { index >= bytes.count }

    /// The 1-based character column of byte `offset`.
    func column(at offset: Int) -> Int {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[0..<min(offset, bytes.count)]), as: UTF8.self).count + 1
    }

    var column: Int { column(at: index) }

    /// An error placed at byte `offset`, or at the cursor.
    func error(_ reason: ReplError.Reason, at offset: Int? = nil) -> ReplError {
        ReplError(reason, column: column(at: offset ?? index))
    }

    /// The bytes in `range` as a string.
    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    mutating func skipBlanks() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }

    private func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// The next blank-delimited word, or `nil` at the end.
    mutating func word() -> String? {
        skipBlanks()
        guard !isAtEnd else { return nil }
        let start = index
        index = end(from: start) { [self] byte in isBlank(byte) }
        return text(start..<index)
    }

    /// Where a word starting at `start` ends: at the first byte `stops` is true for, outside a
    /// path's quoted key (`files["read me"]`), which may hold blanks and operators.
    func end(from start: Int, stoppingAt stops: (UInt8) -> Bool) -> Int {
        var end = start
        while end < bytes.count, !stops(bytes[end]) {
            if bytes[end] == UInt8(ascii: "["), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "\"") {
                end += 2
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
            }
            end += 1
        }
        return min(end, bytes.count)
    }

    /// Looks at the next word without consuming it.
    func peekWord() -> String? {
        var copy = self
        return copy.word()
    }

    /// One argument: `key=value` (returned with its key) or a positional value.
    mutating func argument() throws(ReplError) -> (key: String?, value: JSONValue, start: Int)? {
        skipBlanks()
        guard !isAtEnd else { return nil }
        let start = index
        let first = bytes[index]
        // A key may be a path starting with a quoted key (`["state"]=…`), which a JSON array is not.
        let startsQuotedKey = first == UInt8(ascii: "[") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"")
        let startsValue = first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        if startsQuotedKey || !startsValue {
            let probe = end(from: index) { [self] byte in isBlank(byte) || byte == UInt8(ascii: "=") }
            if probe < bytes.count, bytes[probe] == UInt8(ascii: "="), !startsQuotedKey || StatePath(text(index..<probe)) != nil {
                let key = text(index..<probe)
                guard !key.isEmpty else { throw error(.emptyKey) }
                index = probe + 1
                guard !isAtEnd, !isBlank(bytes[index]) else { throw error(.missingValue(key: key)) }
                return (key, try value(), start)
            }
        }
        return (nil, try value(), start)
    }

    /// A value: JSON, a single-quoted string, or a bare word taken as a string.
    mutating func value() throws(ReplError) -> JSONValue {
        skipBlanks()
        guard !isAtEnd else { throw error(.expectedValue) }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "'"):
            return .string(try singleQuoted())
        case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["):
            return try json(from: start)
        default:
            while index < bytes.count, !isBlank(bytes[index]) { index += 1 }
            let word = text(start..<index)
            switch word {
            case "true": return .bool(true)
            case "false": return .bool(false)
            case "null": return .null
            default: break
            }
            if let first = word.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
                let number = try? JSONParser.parse(word)
            {
                return number
            }
            return .string(word)
        }
    }

    private mutating func json(from start: Int) throws(ReplError) -> JSONValue {
        let parsed: (JSONValue, Int)
        do {
            parsed = try JSONParser.parsePrefix(bytes, from: start)
        } catch {
            throw self.error(.invalidJSON(reason: error.reason), at: error.offset)
        }
        index = parsed.1
        guard isAtEnd || isBlank(bytes[index]) else { throw error(.expectedBlankAfterValue) }
        return parsed.0
    }

    private mutating func singleQuoted() throws(ReplError) -> String {
        let open = index
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                index += 1
                guard isAtEnd || isBlank(bytes[index]) else { throw error(.expectedBlankAfterValue) }
                return String(decoding: out, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                bytes[index + 1] == UInt8(ascii: "'") || bytes[index + 1] == UInt8(ascii: "\\")
            {
                out.append(bytes[index + 1])
                index += 2
                continue
            }
            out.append(byte)
            index += 1
        }
        throw error(.unterminatedQuote, at: open)
    }
}
