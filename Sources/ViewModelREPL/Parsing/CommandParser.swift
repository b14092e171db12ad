/// Turns one input line into a ``ReplCommand``: the human form (`event select id=3`) or the JSON
/// form (`{"id":7,"cmd":"event","name":"select","args":{"id":3}}`), both read by the declarations
/// in ``CommandTable``.
package enum CommandParser {
    /// Parses `line`; returns `nil` for a blank line or a comment.
    /// - Throws: A ``ReplError`` with the column where the line went wrong.
    package static func parse(_ line: String) throws(ReplError) -> ParsedCommand? {
        try LineScanner.scan(line) { scanner throws(ReplError) -> ParsedCommand? in
            scanner.skipBlanks()
            guard !scanner.isAtEnd, scanner.bytes[scanner.index] != UInt8(ascii: "#") else { return nil }
            if scanner.bytes[scanner.index] == UInt8(ascii: "{") {
                return try JSONRequestParser.parse(scanner)
            }
            let nameStart = scanner.index
            guard let name = scanner.word() else { return nil }
            guard let spec = CommandTable.spec(name) else { throw ReplError(.noCommand(named: name), column: scanner.column(at: nameStart)) }
            let members = try HumanFormReader.read(spec, &scanner)
            do throws(ReplError) {
                return ParsedCommand(command: try spec.build(members), spec: spec)
            } catch {
                throw error.placed(at: scanner.column)
            }
        }
    }
}
