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

    /// Rows of `usage  summary`, usages padded to one width, each indented by two blanks. Given
    /// the terminal's `columns`, a summary that would run past them is wrapped on word boundaries,
    /// its later lines indented to where it starts; without, rows are never wrapped (piped output),
    /// and a usage past 32 characters has its summary on the next line.
    ///
    /// On a terminal the usage column is at most a third of its width: a longer usage has its
    /// summary on the next line, starting in the summary column.
    static func table(_ rows: [(usage: String, summary: String)], columns: Int? = nil) -> String {
        let longest = rows.map(\.usage.count).max() ?? 0
        guard let columns else {
            // One very long usage would pad every row to it: past 32, a usage has a line of its own.
            let width = min(longest, 32)
            let blank = "\n" + String(repeating: " ", count: 2 + width + 2)
            return rows.map { row in
                row.usage.count > width
                    ? "  " + row.usage + blank + row.summary
                    : "  " + row.usage + String(repeating: " ", count: width - row.usage.count) + "  " + row.summary
            }
            .joined(separator: "\n")
        }
        let width = min(longest, max(12, columns / 3))
        let indent = 2 + width + 2
        // A line as wide as the terminal leaves the cursor past its edge, where some terminals wrap: one column is kept free.
        let room = columns - 1
        let blank = "\n" + String(repeating: " ", count: indent)
        return rows.map { row in
            // A summary column narrower than 20 would wrap into a word a line: leave it to the terminal.
            let summary = room - indent >= 20 ? wrapped(row.summary, to: room - indent).joined(separator: blank) : row.summary
            if row.usage.count > width {
                // A usage wider than the terminal is broken between words too, its later parts indented.
                let usage = room - 6 >= 20 ? wrapped(row.usage, to: room - 6).joined(separator: "\n      ") : row.usage
                return "  " + usage + blank + summary
            }
            return "  " + row.usage + String(repeating: " ", count: width - row.usage.count) + "  " + summary
        }
        .joined(separator: "\n")
    }

    /// `text` in lines of at most `width` characters, broken between words (a longer word alone on its line).
    static func wrapped(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
