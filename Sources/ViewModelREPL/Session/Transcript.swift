import Foundation

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
/// as JSON values, so key order and spacing do not matter. A line passes when every member it
/// holds matches, at every depth: a member a later vmrepl adds to its output breaks no transcript
/// (`--strict` compares whole lines). A `# vary: PATH, …` line names paths whose values change from
/// run to run (`state.id`, `state.items[*].createdAt`): from there on they are not compared; a path
/// that does not parse is one of the ``problems``, never ignored. Blank lines and `#` comments are
/// skipped between a command and its output (which stays the command's) and kept when `--update`
/// rewrites the expectations.
struct Transcript {
    enum Item {
        case text(String)
        case command(Block)
    }

    /// A command and the output expected from it.
    struct Block {
        var command: String
        var line: Int
        /// The lines after the command, up to the next command: its output, and the comments and
        /// blank lines among it.
        var body: [BodyLine] = []
        /// The paths not compared in its lines (`# vary:` lines above it).
        var varying: [[PathStep]] = []

        /// The output lines expected.
        var expected: [String] {
            body.compactMap { if case .expected(let line) = $0 { line } else { nil } }
        }

        /// The block's lines with its output replaced by `output`: comments and blank lines before
        /// the first output line stay before it, the rest come after.
        func lines(with output: [String]) -> [String] {
            let leading = body.firstIndex { if case .expected = $0 { true } else { false } } ?? 0
            let others = body.compactMap { if case .other(let line) = $0 { line } else { nil } }
            return others.prefix(leading) + output + others.dropFirst(leading)
        }
    }

    /// A line after a command: expected output, or a comment or blank line kept as written.
    enum BodyLine {
        case expected(String)
        case other(String)
    }

    /// What is wrong with a line of the transcript, by its number.
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    /// One step of a `# vary:` path: a member, any element, or one element.
    enum PathStep: Equatable {
        case key(String)
        case anyElement
        case element(Int)
    }

    var items: [Item]
    /// The lines that are wrong (a `# vary:` path that does not parse): the transcript is not run.
    var problems: [Problem] = []

    /// Parses a transcript's lines.
    init(lines: [String]) {
        var items: [Item] = []
        var varying: [[PathStep]] = []
        for (offset, line) in lines.enumerated() {
            if line.hasPrefix(Self.varyPrefix) {
                for text in line.dropFirst(Self.varyPrefix.count).split(separator: ",", omittingEmptySubsequences: false) {
                    if let path = Self.path(String(text)) {
                        varying.append(path)
                    } else {
                        problems.append(Problem(line: offset + 1, message: Messages.badVaryPath(text.trimmingCharacters(in: .whitespaces))))
                    }
                }
            }
            if line.hasPrefix("> ") || line == ">" {
                items.append(.command(Block(command: String(line.dropFirst(2)), line: offset + 1, varying: varying)))
            } else if case .command(var block)? = items.last {
                // Up to the next command every line is the block's, comments and blank lines too,
                // so output after them is still compared.
                block.body.append(line.isEmpty || line.hasPrefix("#") ? .other(line) : .expected(line))
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
                lines.append(contentsOf: block.lines(with: index < outputs.count ? outputs[index] : block.expected))
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

    static let varyPrefix = "# vary:"

    /// A `# vary:` path: `state.items[*].id`.
    static func path(_ text: String) -> [PathStep]? {
        var steps: [PathStep] = []
        for part in text.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false) {
            var rest = Substring(part)
            if let bracket = rest.firstIndex(of: "[") {
                if bracket > rest.startIndex { steps.append(.key(String(rest[..<bracket]))) }
                rest = rest[bracket...]
                while rest.hasPrefix("[") {
                    guard let close = rest.firstIndex(of: "]") else { return nil }
                    let inside = rest[rest.index(after: rest.startIndex)..<close]
                    if inside == "*" {
                        steps.append(.anyElement)
                    } else if let index = Int(inside) {
                        steps.append(.element(index))
                    } else {
                        return nil
                    }
                    rest = rest[rest.index(after: close)...]
                }
                guard rest.isEmpty else { return nil }
            } else {
                guard !rest.isEmpty else { return nil }
                steps.append(.key(String(rest)))
            }
        }
        return steps.isEmpty ? nil : steps
    }

    /// Whether an actual line matches an expected one: by default every member the expected line
    /// holds, at every depth, apart from the `varying` paths; `strict`, the whole line.
    static func matches(_ expected: String, _ actual: String, strict: Bool = true, varying: [[PathStep]] = []) -> Bool {
        guard let left = try? JSONParser.parse(normalize(expected), maximumDepth: 512),
            let right = try? JSONParser.parse(actual, maximumDepth: 512)
        else { return expected == actual }
        if strict, varying.isEmpty { return left == right }
        return holds(left, in: right, strict: strict, varying: varying.map { $0[...] })
    }

    /// Whether `actual` holds `expected`: its members (all of them when `strict`), elements one for
    /// one, leaves equal; a leaf at the end of a varying path matches anything there.
    private static func holds(_ expected: JSONValue, in actual: JSONValue, strict: Bool, varying: [ArraySlice<PathStep>]) -> Bool {
        if varying.contains(where: \.isEmpty) { return true }
        switch (expected, actual) {
        case (.object(let wanted), .object(let found)):
            if strict, wanted.count != found.count { return false }
            return wanted.allSatisfy { member in
                guard let other = found.first(where: { $0.key == member.key })?.value else { return false }
                let inside = varying.compactMap { path -> ArraySlice<PathStep>? in path.first == .key(member.key) ? path.dropFirst() : nil }
                return holds(member.value, in: other, strict: strict, varying: inside)
            }
        case (.array(let wanted), .array(let found)):
            guard wanted.count == found.count else { return false }
            return zip(wanted, found).enumerated().allSatisfy { index, pair in
                let inside = varying.compactMap { path -> ArraySlice<PathStep>? in
                    path.first == .anyElement || path.first == .element(index) ? path.dropFirst() : nil
                }
                return holds(pair.0, in: pair.1, strict: strict, varying: inside)
            }
        default:
            return expected == actual
        }
    }
}
