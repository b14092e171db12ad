import ViewModelKit

/// The terminal's prompt: `foo> `, `foo [preview]> `, or `vmrepl> ` before any screen.
enum Prompt {
    /// The prompt for the current screen and the view model it shows; colour codes bracketed by
    /// \u{1}, which tells libedit they take no room on the line.
    ///
    /// Two codes never follow each other as two bracketed runs: libedit reads `\u{1}\u{1}` as a
    /// literal marker and prints the codes after it as text (`foo[33m[0m`), so where one colour
    /// ends and the next begins, both codes share one run.
    static func text(_ parts: (screen: String, model: ModelKind)?, colour: Bool) -> String {
        guard let parts else { return painted([("vmrepl", "1")], colour: colour) + "> " }
        var runs = [(parts.screen, "36")]
        if parts.model == .preview { runs.append((" [preview]", "33")) }
        return painted(runs, colour: colour) + "> "
    }

    /// Each run of text in its colour, with one non-printing run between two of them.
    private static func painted(_ runs: [(text: String, code: String)], colour: Bool) -> String {
        guard colour else { return runs.map(\.text).joined() }
        var prompt = ""
        for (index, run) in runs.enumerated() {
            prompt += "\u{1}\u{1B}[" + (index == 0 ? "" : "0;") + run.code + "m\u{1}" + run.text
        }
        return prompt + "\u{1}\u{1B}[0m\u{1}"
    }
}
