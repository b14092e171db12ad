/// Formats protocol lines for a person at a terminal: syntax colours and, when asked, indentation.
///
/// It works on the compact lines the interpreter writes, token by token, so what a person sees is
/// the same JSON a program would read.
package struct JSONHighlighter: Sendable {
    /// How lines are laid out.
    package enum Style: String, Sendable, CaseIterable {
        /// One line per object, as the protocol sends it.
        case compact
        /// Indented over several lines.
        case pretty
    }

    package var style: Style
    package var colour: Bool

    package init(style: Style = .compact, colour: Bool) {
        self.style = style
        self.colour = colour
    }

    private static let key = "\u{1B}[34m", string = "\u{1B}[32m", number = "\u{1B}[33m", literal = "\u{1B}[35m"
    private static let punctuation = "\u{1B}[2m", reset = "\u{1B}[0m"

    /// Formats whole lines (each ending in a newline).
    package func format(_ bytes: [UInt8]) -> String {
        if style == .compact, !colour { return String(decoding: bytes, as: UTF8.self) }
        var out = ""
        for line in bytes.split(separator: 0x0A) {
            out += format(line: Array(line))
            out += "\n"
        }
        return out
    }

    private func paint(_ text: String, _ colourCode: String) -> String {
        colour ? colourCode + text + Self.reset : text
    }

    private func format(line: [UInt8]) -> String {
        var out = ""
        var depth = 0
        var index = 0
        let pretty = style == .pretty
        func newline() { if pretty { out += "\n" + String(repeating: "  ", count: depth) } }
        while index < line.count {
            let byte = line[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < line.count, line[index] != UInt8(ascii: "\"") {
                    index += line[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, line.count)
                let text = String(decoding: line[start..<index], as: UTF8.self)
                let isKey = index < line.count && line[index] == UInt8(ascii: ":")
                out += paint(text, isKey ? Self.key : Self.string)
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index + 1 < line.count, line[index + 1] == close {
                    out += paint(String(decoding: line[index...index + 1], as: UTF8.self), Self.punctuation)
                    index += 2
                    continue
                }
                out += paint(String(UnicodeScalar(byte)), Self.punctuation)
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out += paint(String(UnicodeScalar(byte)), Self.punctuation)
            case UInt8(ascii: ","):
                out += paint(",", Self.punctuation)
                newline()
            case UInt8(ascii: ":"):
                out += paint(":", Self.punctuation) + (pretty ? " " : "")
            default:
                let start = index
                while index < line.count, !"{}[],:\"".utf8.contains(line[index]) { index += 1 }
                let text = String(decoding: line[start..<index], as: UTF8.self)
                out += paint(text, text.first?.isLetter == true ? Self.literal : Self.number)
                continue
            }
            index += 1
        }
        return out
    }
}
