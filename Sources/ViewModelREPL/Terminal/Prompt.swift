import ViewModelKit

/// The terminal's prompt: `foo> `, `foo(preview)> `, or `vmrepl> ` before any screen.
enum Prompt {
    /// The prompt for the current screen and the view model it shows; colour codes bracketed by
    /// \u{1}, which tells libedit they take no room on the line.
    static func text(_ parts: (screen: String, model: ModelKind)?, colour: Bool) -> String {
        func paint(_ text: String, _ code: String) -> String {
            colour ? "\u{1}\u{1B}[\(code)m\u{1}\(text)\u{1}\u{1B}[0m\u{1}" : text
        }
        guard let parts else { return paint("vmrepl", "1") + "> " }
        let model = parts.model == .preview ? paint("(preview)", "33") : ""
        return paint(parts.screen, "36") + model + "> "
    }
}
