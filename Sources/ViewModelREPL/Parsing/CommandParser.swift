/// Turns one input line into a ``Command``: the human form (`event select id=3`) or the JSON form
/// (`{"id":7,"cmd":"event","name":"select","args":{"id":3}}`), both read by the declarations in
/// ``CommandTable``.
package enum CommandParser {
    /// A parsed line: the command, the table entry it came from and, for the JSON form, the request's `id`.
    package struct Parsed: Equatable, Sendable {
        package var command: Command
        package var spec: CommandSpec
        package var id: JSONValue?

        package static func == (lhs: Parsed, rhs: Parsed) -> Bool {
            lhs.command == rhs.command && lhs.spec.name == rhs.spec.name && lhs.id == rhs.id
        }
    }

    /// Parses `line`; returns `nil` for a blank line or a comment.
    /// - Throws: A ``ReplError`` with the column where the line went wrong.
    package static func parse(_ line: String) throws(ReplError) -> Parsed? {
        try LineScanner.scan(line) { scanner throws(ReplError) -> Parsed? in
            scanner.skipBlanks()
            guard !scanner.isAtEnd, scanner.bytes[scanner.index] != UInt8(ascii: "#") else { return nil }
            if scanner.bytes[scanner.index] == UInt8(ascii: "{") {
                return try JSONRequestParser.parse(scanner)
            }
            let nameStart = scanner.index
            guard let name = scanner.word() else { return nil }
            guard let spec = CommandTable.spec(name) else { throw ReplError(.noCommand(named: name), column: scanner.column(at: nameStart)) }
            let bindings = try HumanFormReader.read(spec, &scanner)
            do throws(ReplError) {
                return Parsed(command: try spec.build(bindings), spec: spec, id: nil)
            } catch {
                throw error.placed(at: scanner.column)
            }
        }
    }
}
