/// Reading `PATH OP VALUE`, the condition of `expect`, `wait until` and (later) invariants.
extension LineScanner {
    /// `PATH OP VALUE`, with or without blanks around the operator: `text == "hi"`, `phase=="loaded"`,
    /// `attempt >= 0`, `users exists`.
    mutating func condition() throws(ReplError) -> StateCondition {
        skipBlanks()
        let start = index
        // The path ends at a blank or where an operator starts (`==`, `!=`, `<`, `<=`, `>`, `>=`).
        let end = end(from: start) { byte in
            byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "!") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
        }
        let pathText = String(decoding: bytes[start..<end], as: UTF8.self)
        guard let path = StatePath(pathText) else {
            throw error(pathText.isEmpty ? .expectedPath : .badPath(pathText), at: start)
        }
        var rest = self
        rest.index = end
        rest.skipBlanks()
        let opStart = rest.index
        let op: StateCondition.Operator
        if rest.consume("==") {
            op = .equals
        } else if rest.consume("!=") {
            op = .notEquals
        } else if rest.consume("<=") {
            op = .lessOrEqual
        } else if rest.consume(">=") {
            op = .greaterOrEqual
        } else if rest.consume("<") {
            op = .less
        } else if rest.consume(">") {
            op = .greater
        } else if rest.consumeWord("contains") {
            op = .contains
        } else if rest.consumeWord("exists") {
            op = .exists
        } else {
            throw rest.error(.expectedOperator, at: opStart)
        }
        var value: JSONValue?
        if op != .exists {
            value = try rest.value()
        }
        self = rest
        return StateCondition(path: path, op: op, value: value)
    }

    /// Consumes `text` when the line continues with it.
    private mutating func consume(_ text: String) -> Bool {
        let expected = Array(text.utf8)
        guard index + expected.count <= bytes.count, Array(bytes[index..<index + expected.count]) == expected else { return false }
        index += expected.count
        return true
    }

    /// Consumes `word` when it is the whole next word.
    private mutating func consumeWord(_ word: String) -> Bool {
        var copy = self
        guard copy.consume(word), copy.isAtEnd || copy.bytes[copy.index] == 0x20 || copy.bytes[copy.index] == 0x09 else { return false }
        self = copy
        return true
    }
}
