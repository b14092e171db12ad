/// How a terminal session shows replies: for people, or as the protocol's JSON lines.
package enum OutputMode: String, Sendable, CaseIterable {
    /// What changed, tables and carets (the default at a terminal).
    case human
    /// The protocol lines exactly as a program gets them, coloured.
    case json
    /// The protocol lines, indented.
    case pretty
}
