/// One row of a help table: a command or an option, how it is written, and what it does.
package struct HelpEntry: Sendable {
    /// The command's name, or the option's long name without dashes.
    package var name: String
    /// How it is written (`use SCREEN`, `--clock=virtual|real`).
    package var usage: String
    package var summary: String

    package init(name: String, usage: String, summary: String) {
        self.name = name
        self.usage = usage
        self.summary = summary
    }

    /// Rows of `usage  summary`, usages padded to one width, each indented by two blanks.
    static func table(_ rows: [(usage: String, summary: String)]) -> String {
        let width = rows.map(\.usage.count).max() ?? 0
        return rows.map { "  " + $0.usage + String(repeating: " ", count: width - $0.usage.count) + "  " + $0.summary }
            .joined(separator: "\n")
    }
}
