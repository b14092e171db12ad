/// Renders replies for a person at a terminal: what changed in a state (path: old → new), whole
/// states folded and indented, tables for lists, errors with a caret under the column.
///
/// It keeps the last state it showed of each screen, so each state reply shows only what changed.
struct HumanView {
    /// Whether to colour (not when NO_COLOR is set or output is not a terminal).
    var colour: Bool
    /// The terminal's width, for wrapping tables; `nil` where output is not a terminal.
    var columns: Int?
    /// The line being handled, echoed above a caret when an error has a column.
    var input: String?
    /// The state and model last shown for each screen.
    private var shown: [String: (state: JSONValue, model: ModelKind)] = [:]

    /// Arrays longer than this are folded to a count when a whole state is shown.
    static let foldedLength = 5
    /// Values longer than this are shortened.
    static let longestValue = 60

    init(colour: Bool) {
        self.colour = colour
    }

    /// The text for one reply, ending in a newline.
    mutating func text(for reply: Reply, push: Bool) -> String {
        let lines: [String]
        switch reply {
        case .ready(let screens, let clock):
            // Broken between words at the terminal's width, as help's table is (the terminal would break mid-word).
            let banner = Messages.banner(screens: screens, clock: clock.rawValue)
            lines = columns.map { $0 >= 20 ? HelpEntry.wrapped(banner, to: $0) : [banner] } ?? [banner]
        case .state(let snapshot):
            // What the event's action returned, after what it changed.
            lines = state(snapshot, push: push) + (snapshot.result.map { ["= " + short($0, room: room(after: 2))] } ?? [])
        case .recorded(let recorded):
            lines = ["\(paint("[preview]", .yellow)) recorded \(JSONWriter.string(recorded.event)) (\(recorded.count) so far)"]
        case .screens(let screens, let current):
            lines = HelpEntry.table(screens.map { ($0.name + ($0.name == current ? " *" : ""), $0.summary) }, columns: columns).split(separator: "\n").map(
                String.init)
        case .description(let description):
            lines = describe(description)
        case .help(let entries):
            lines = HelpEntry.table(entries.map { ($0.usage, $0.summary) }, columns: columns).split(separator: "\n").map(String.init)
        case .clock(let now):
            lines = ["clock: \(DurationText.seconds(now))s"]
        case .ok(let acknowledgement):
            lines = [acknowledge(acknowledgement)]
        case .calls(_, let dependency, let calls, let dropped):
            let table =
                calls.isEmpty
                ? ["no calls of \(dependency) yet"]
                : HelpEntry.table(
                    calls.enumerated().map { ("\(dependency) #\(dropped + $0.offset + 1)", JSONWriter.string($0.element.json)) }, columns: columns
                )
                .split(separator: "\n").map(String.init)
            lines = (dropped > 0 ? [Messages.droppedCalls(dropped)] : []) + table
        case .exploration(let exploration):
            switch exploration {
            case .counterexample(_, let message, let steps, let file, let unwritten, _):
                lines = ["counterexample: \(message)"] + steps.map { "  " + $0 } + [Messages.counterexampleFile(file, unwritten: unwritten)]
            case .explored(let runs, let steps, _, _, let checks): lines = [Messages.explored(runs: runs, steps: steps, checks: checks)]
            case .coverage(let coverage): lines = Messages.coverage(coverage)
            case .found(let finding):
                lines =
                    [Messages.found(finding.kind.rawValue, message: finding.message, place: finding.place)] + finding.steps.map { "  " + $0 } + [
                        Messages.counterexampleFile(finding.file, unwritten: finding.unwritten)
                    ]
            }
        case .change(let change):
            lines = [(push ? "⟳ " : "") + "watch " + difference(change.path, change.from, change.to, after: push ? 8 : 6)]
        case .error(let error):
            lines = self.error(error)
        case .output(_, let name, let value):
            lines = ["→ " + paint(name, .bold) + " " + short(value, readable: true, room: room(after: 3 + name.count))]
        case .log(_, let message):
            lines = [paint("note: ", .yellow) + message]
        }
        // At a terminal, a line past its width is broken between words (it would break mid-word).
        guard let columns, columns >= 20 else { return lines.map { $0 + "\n" }.joined() }
        return lines.flatMap { Self.fitted($0, to: columns) }.map { $0 + "\n" }.joined()
    }

    /// `line` as is when it fits in `columns` visible characters, else broken between words, its
    /// later parts indented two more than its own indent (a word wider than that stays whole).
    static func fitted(_ line: String, to columns: Int) -> [String] {
        guard visibleCount(line) > columns else { return [line] }
        let indent = String(repeating: " ", count: line.prefix { $0 == " " }.count)
        var lines: [String] = []
        var current = indent
        var width = indent.count
        // A word wider than a line (a long literal, a value's JSON) is cut into lines of its own.
        let widest = columns - indent.count - 2
        let words = line.dropFirst(indent.count).split(separator: " ", omittingEmptySubsequences: false)
            .flatMap { widest >= 10 && visibleCount($0) > widest ? pieces(of: $0, width: widest) : [$0] }
        for word in words {
            let count = visibleCount(word)
            if width > indent.count, width + 1 + count > columns {
                lines.append(current)
                current = indent + "  "
                width = current.count
            } else if width > indent.count {
                current += " "
                width += 1
            }
            current += word
            width += count
        }
        lines.append(current)
        return lines
    }

    /// `word` cut into pieces of at most `width` columns, a colour code never cut.
    private static func pieces(of word: Substring, width: Int) -> [Substring] {
        var pieces: [Substring] = []
        var start = word.startIndex
        var used = 0
        var inEscape = false
        for index in word.indices {
            let cells = columns(of: word[index], inEscape: &inEscape)
            if used + cells > width {
                pieces.append(word[start..<index])
                start = index
                used = 0
            }
            used += cells
        }
        pieces.append(word[start...])
        return pieces
    }

    /// How many columns of a terminal `text` takes: colour codes none, a wide character two.
    private static func visibleCount(_ text: some StringProtocol) -> Int {
        var inEscape = false
        return text.reduce(0) { $0 + columns(of: $1, inEscape: &inEscape) }
    }

    /// The columns `character` takes, `inEscape` saying whether it is inside a colour code (`ESC[…m`),
    /// which takes none.
    private static func columns(of character: Character, inEscape: inout Bool) -> Int {
        if character == "\u{1B}" {
            inEscape = true
        } else if inEscape {
            if character == "m" { inEscape = false }
        } else {
            return character.unicodeScalars.reduce(0) { $0 + DisplayWidth.cells($1.value) }
        }
        return 0
    }

    /// The longest start of `text` that takes at most `width` columns.
    private static func prefix(_ text: String, width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += DisplayWidth.of(String(text[index]))
            if used > width { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }

    // MARK: States

    private mutating func state(_ snapshot: StateSnapshot, push: Bool) -> [String] {
        guard let state = try? JSONParser.parse(String(decoding: snapshot.json, as: UTF8.self), maximumDepth: 512) else {
            return [String(decoding: snapshot.json, as: UTF8.self)]
        }
        let previous = shown[snapshot.screen]
        shown[snapshot.screen] = (state, snapshot.model)
        let marker = push ? "⟳ " : ""
        let model = snapshot.model == .preview ? paint("[preview] ", .yellow) : ""
        let loading = snapshot.isLoading ? " (loading)" : ""
        guard let previous, !snapshot.isWhole else {
            if let focus = snapshot.focus, let part = snapshot.focusedValue ?? focus.lookup(in: state) {
                return tree(part, name: focus.description, folding: false)
            }
            return ["\(model)\(paint(snapshot.screen, .bold))\(loading)"] + tree(state, name: nil, folding: true)
        }
        var lines: [String] = []
        if previous.model != snapshot.model {
            lines.append(marker + "now showing the \(snapshot.model == .preview ? paint("preview", .yellow) : "real view model")")
        }
        let differences = JSONPatch.differences(from: previous.state, to: state)
        if differences.isEmpty { lines.append(marker + model + "(no change)" + loading) }
        let leading = Self.visibleCount(marker + model)
        for difference in differences {
            lines.append(marker + model + self.difference(difference.statePath(after: ""), difference.old, difference.new, after: leading))
        }
        return lines
    }

    /// `path: old → new`, old in red and new in green; a side that is missing is left out. At a
    /// terminal the two values share what the path leaves of its width.
    private func difference(_ path: String, _ old: JSONValue?, _ new: JSONValue?, after leading: Int = 0) -> String {
        // What comes before the values: the leading marks, a "+ " or "- ", the path and its colon.
        let used = leading + 2 + path.count + 2
        switch (old, new) {
        case (let old?, let new?):
            guard let room = room(after: used + 3) else { return "\(path): \(paint(short(old), .red)) → \(paint(short(new), .green))" }
            // The shorter side whole where it leaves the longer one 22 characters; the longer one has the rest.
            let texts = (JSONWriter.string(old), JSONWriter.string(new))
            let lengths = (DisplayWidth.of(texts.0), DisplayWidth.of(texts.1))
            let shorterRoom = max(room / 2, room - 22)
            let oldRoom = lengths.0 <= lengths.1 ? min(lengths.0, shorterRoom) : room - min(lengths.1, shorterRoom)
            return "\(path): \(paint(Self.shortened(texts.0, room: oldRoom), .red)) → \(paint(Self.shortened(texts.1, room: room - oldRoom), .green))"
        case (let old?, nil): return "\(paint("- ", .red))\(path): \(paint(short(old, room: room(after: used)), .red))"
        case (nil, let new?): return "\(paint("+ ", .green))\(path): \(paint(short(new, room: room(after: used)), .green))"
        case (nil, nil): return path
        }
    }

    /// What the terminal's width leaves after `used` characters, or `nil` where there is no terminal.
    private func room(after used: Int) -> Int? {
        columns.map { $0 - used }
    }

    /// A value as JSON, shortened past ``longestValue`` characters (or past the `room` a terminal
    /// leaves it, never below 20) with a marker saying how long it was.
    private func short(_ value: JSONValue, readable: Bool = false, room: Int? = nil) -> String {
        Self.shortened(readable ? Self.readable(value, depth: 0) : JSONWriter.string(value), room: room)
    }

    /// A value's `text` shortened as ``short(_:readable:room:)`` says.
    private static func shortened(_ text: String, room: Int?) -> String {
        guard let room else {
            guard text.count > longestValue else { return text }
            return text.prefix(longestValue - 1) + "… (\(text.count) chars)"
        }
        let width = max(20, min(room, longestValue + 12))
        guard DisplayWidth.of(text) > width else { return text }
        let marker = "… (\(text.count) chars)"
        return prefix(text, width: max(1, width - marker.count)) + marker
    }

    /// A value as people write it: `{id: 7, total: 30}`, members unquoted where they are words;
    /// past a few levels, JSON.
    private static func readable(_ value: JSONValue, depth: Int) -> String {
        guard depth < 8 else { return JSONWriter.string(value) }
        switch value {
        case .object(let members):
            let inner = members.map { member in
                let isWord = !member.key.isEmpty && member.key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                return (isWord ? member.key : JSONWriter.string(.string(member.key))) + ": " + readable(member.value, depth: depth + 1)
            }
            return "{" + inner.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map { readable($0, depth: depth + 1) }.joined(separator: ", ") + "]"
        default:
            return JSONWriter.string(value)
        }
    }

    /// A value as indented lines under `name`, keys sorted; long arrays folded to a count when
    /// `folding`. Without a name, only the value's members, one level in.
    private func tree(_ value: JSONValue, name: String?, folding: Bool, depth: Int = 0) -> [String] {
        let indent = String(repeating: "  ", count: depth)
        let label = name.map { paint($0, .blue) + ":" } ?? ""
        // Nested so deep that a terminal has no room left for its members: the rest on one line.
        if let columns, let name, indent.count + 24 > columns {
            return [indent + label + " " + short(value, room: columns - indent.count - name.count - 2)]
        }
        switch value {
        case .object(let members) where !members.isEmpty:
            let children = members.sorted { $0.key < $1.key }.flatMap { tree($0.value, name: $0.key, folding: true, depth: depth + 1) }
            return name == nil ? children : [indent + label] + children
        case .array(let elements) where !elements.isEmpty:
            if folding, elements.count > Self.foldedLength { return [indent + label + " " + paint("[\(elements.count) items]", .dim)] }
            let children = elements.enumerated().flatMap { tree($0.element, name: "[\($0.offset)]", folding: true, depth: depth + 1) }
            return name == nil ? children : [indent + label] + children
        default:
            return [indent + (name == nil ? "" : label + " ") + short(value, room: room(after: indent.count + (name.map { $0.count + 2 } ?? 0)))]
        }
    }

    // MARK: Lists, acknowledgements, errors

    private func describe(_ description: ScreenDescription) -> [String] {
        let model = description.model == .preview ? " [preview]" : ""
        var lines = ["\(paint(description.screen, .bold))\(model)\(description.loads ? ", loads (load, reload, retry, cancel)" : "")", "events:"]
        let events = description.events.map { ($0.name, Messages.arguments($0.arguments, enabledWhen: description.preconditions[$0.name] ?? [])) }
        lines += HelpEntry.table(events, columns: columns).split(separator: "\n").map(String.init)
        lines.append("state fields:")
        lines += HelpEntry.table(
            description.fields.map { field in
                let type = description.swiftTypes[field.name] ?? field.type
                return (field.name, description.cases[field.name].map { type + ": " + $0.joined(separator: " | ") } ?? type)
            }, columns: columns
        ).split(separator: "\n").map(String.init)
        if !description.bindings.isEmpty {
            lines.append("bindings (write FIELD=VALUE):")
            lines += HelpEntry.table(description.bindings.map { ($0.name, $0.type) }, columns: columns).split(separator: "\n").map(String.init)
        }
        if !description.dependencies.isEmpty {
            lines.append("dependencies:")
            lines += HelpEntry.table(
                description.dependencies.map { dependency in
                    let signature = "(\(dependency.declared.input ?? "")) -> \(dependency.declared.output)"
                    let now = dependency.stubs.isEmpty ? "live" : "stubbed: " + dependency.stubs.map { JSONWriter.string($0.json) }.joined(separator: ", then ")
                    return (dependency.declared.name, signature + "  " + now)
                }, columns: columns
            ).split(separator: "\n").map(String.init)
        }
        return lines
    }

    private func acknowledge(_ acknowledgement: Acknowledgement) -> String {
        acknowledgement.change?.humanText ?? "ok"
    }

    private func error(_ error: ReplError) -> [String] {
        var lines = [paint("error: ", .red) + error.message]
        if let column = error.column, let input {
            let (shown, offset) = Self.echo(input, caretAt: column - 1, columns: columns)
            lines.append("  " + shown)
            lines.append("  " + String(repeating: " ", count: offset) + paint("^", .red))
        }
        return lines
    }

    /// `input` as echoed above a caret under its character `caret` (counted from 0; its end when
    /// past it), and the columns before the caret. At a terminal too narrow for the line, the part
    /// around the caret, cut with `…` on the side or sides left out; wide characters take two columns.
    static func echo(_ input: String, caretAt caret: Int, columns: Int?) -> (shown: String, offset: Int) {
        let characters = Array(input)
        let widths = characters.map { DisplayWidth.of(String($0)) }
        let caret = max(0, min(caret, characters.count))
        // The echo and its caret are indented two, and the caret may be one past the end.
        guard let columns, columns >= 20, widths.reduce(0, +) + 3 > columns else {
            return (input, widths[..<caret].reduce(0, +))
        }
        let room = columns - 5  // two for the indent, one for the caret past the end, two for the marks
        var start = caret
        var end = caret
        var used = 0
        // Half the room before the caret, then what is left after it, then before it again.
        while start > 0, used + widths[start - 1] <= room / 2 {
            start -= 1
            used += widths[start]
        }
        while end < characters.count, used + widths[end] <= room {
            used += widths[end]
            end += 1
        }
        while start > 0, used + widths[start - 1] <= room {
            start -= 1
            used += widths[start]
        }
        let shown = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
        return (shown, (start > 0 ? 1 : 0) + widths[start..<caret].reduce(0, +))
    }

    // MARK: Colour

    private enum Colour: String {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case bold = "1"
        case dim = "2"
    }

    private func paint(_ text: String, _ colour: Colour) -> String {
        self.colour ? "\u{1B}[\(colour.rawValue)m\(text)\u{1B}[0m" : text
    }
}
