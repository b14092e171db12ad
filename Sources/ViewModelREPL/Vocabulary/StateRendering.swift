/// How `state` lines show a state: whole, or as a patch against the last one shown for the screen.
package enum StateRendering: String, Sendable, CaseIterable {
    /// The whole state on every line: protocol v1's default.
    case full
    /// An RFC 6902 patch against the screen's previous state line (`base`), the whole state on a
    /// screen's first line and in every reply to `state`.
    case diff
}
