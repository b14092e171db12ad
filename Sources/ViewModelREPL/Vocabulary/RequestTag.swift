/// Which request a line belongs to: its input line number and, for the JSON form, its `id`.
package struct RequestTag: Sendable, Equatable {
    package var line: Int
    package var id: JSONValue?

    package init(line: Int, id: JSONValue? = nil) {
        self.line = line
        self.id = id
    }
}
