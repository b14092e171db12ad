/// A transcript test file: commands after `> `, each followed by the output lines it must produce.
///
/// ```
/// # foo says hello
/// > use foo
/// {"type":"state","screen":"foo","model":"real","state":{"sheetIsPresented":false,"text":"Nothing has happened yet."}}
/// > event hello
/// {"type":"state","screen":"foo","model":"real","state":{"sheetIsPresented":false,"text":"👋"}}
/// ```
/// Output lines are written without `seq` and `line`, which follow from their place, and compared
/// as JSON values, so key order and spacing do not matter. Blank lines and `#` comments are kept
/// when `--update` rewrites the expectations.
struct Transcript {
    enum Item {
        case text(String)
        case command(Block)
    }

    /// A command and the output expected from it.
    struct Block {
        var command: String
        var line: Int
        var expected: [String]
    }

    var items: [Item]

    /// Parses a transcript's lines.
    init(lines: [String]) {
        var items: [Item] = []
        for (offset, line) in lines.enumerated() {
            if line.hasPrefix("> ") || line == ">" {
                items.append(.command(Block(command: String(line.dropFirst(2)), line: offset + 1, expected: [])))
            } else if !line.isEmpty, !line.hasPrefix("#"), case .command(var block)? = items.last {
                block.expected.append(line)
                items[items.count - 1] = .command(block)
            } else {
                items.append(.text(line))
            }
        }
        self.items = items
    }

    var blocks: [Block] {
        items.compactMap { if case .command(let block) = $0 { block } else { nil } }
    }

    /// The transcript with each block's output replaced by `outputs` (one array per block, in order).
    func rendered(with outputs: [[String]]) -> String {
        var lines: [String] = []
        var index = 0
        for item in items {
            switch item {
            case .text(let text):
                lines.append(text)
            case .command(let block):
                lines.append("> " + block.command)
                lines.append(contentsOf: index < outputs.count ? outputs[index] : block.expected)
                index += 1
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// An output line as a transcript holds it: without the volatile `seq` and `line`.
    static func normalize(_ line: String) -> String {
        guard case .object(let members)? = try? JSONParser.parse(line, maximumDepth: 512) else { return line }
        return JSONWriter.string(.object(members.filter { $0.key != "seq" && $0.key != "line" }))
    }

    /// Whether an expected and an actual line hold the same JSON.
    static func matches(_ expected: String, _ actual: String) -> Bool {
        guard let left = try? JSONParser.parse(normalize(expected), maximumDepth: 512),
            let right = try? JSONParser.parse(actual, maximumDepth: 512)
        else { return expected == actual }
        return left == right
    }
}
