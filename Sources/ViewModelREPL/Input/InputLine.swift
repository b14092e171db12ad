/// One line of input, numbered from 1: its text, or why it was rejected before parsing.
package struct InputLine: Sendable {
    package enum Content: Sendable {
        case text(String)
        case rejected(ReplError)
    }

    package var number: Int
    package var content: Content

    package init(number: Int, content: Content) {
        self.number = number
        self.content = content
    }

    /// Its text, unless it was rejected.
    package var text: String? {
        if case .text(let text) = content { return text }
        return nil
    }
}
