/// The abstract state machine of `explore --coverage` drawn for the trace page: an SVG diagram with
/// a node per abstract state (its values and count) and an arrow per transition (its step and count).
///
/// The layout is fixed by the data alone, so the same coverage draws the same bytes: states are
/// layered by their distance from the first state reached (breadth first over the transitions),
/// one column per layer from left to right, each column in the order its states were found. An
/// arrow joins the facing sides of neighbouring columns; one within a column bends out to its
/// right; one past the next column runs in a lane under the boxes; a step that stays in its state
/// is a loop above it. Transitions between the same two states the same way share one line, each
/// still an element of its own, their labels stacked; a stack of labels moves off the boxes and
/// the stacks placed before it. The enum cases no state reached are drawn dashed, in a column of
/// their own. Past ``stateBound`` states or ``transitionBound`` transitions the first ones are
/// drawn and the rest listed in ``undrawn``, ``notice`` saying so.
///
/// Every label is user data: it is escaped for XML, and a long one is cut, whole in its tooltip.
struct CoverageDiagram {
    /// The most states drawn: past it a diagram is no longer read, only scrolled.
    static let stateBound = 50
    /// The most transitions drawn.
    static let transitionBound = 200

    /// The diagram: one `<svg>` element, an XML document of its own.
    let svg: String
    /// How many of the states are drawn: the first ones.
    let drawnStates: Int
    /// How many of the transitions are drawn.
    let drawnTransitions: Int
    /// The states and transitions not drawn, one line each.
    let undrawn: [String]
    /// What the page says when not everything is drawn.
    let notice: String?

    /// Where a state's box is.
    private struct Box {
        var x = 0
        var y = 0
        var width = 0
        var height = 0
        var lines: [String] = []
        var title = ""
        var midY: Int { y + height / 2 }
        var right: Int { x + width }
        var bottom: Int { y + height }
        var area: Area { Area(x: x, y: y, width: width, height: height) }
    }

    /// A rectangle a stack of labels takes, which another must not cover.
    private struct Area {
        var x: Int
        var y: Int
        var width: Int
        var height: Int

        /// Whether the two rectangles share any point inside them.
        func overlaps(_ other: Area) -> Bool {
            x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
        }
    }

    /// One line of arrows between two states: the transitions it carries, its curve (a start, two
    /// control points and an end) and where its stack of labels starts.
    private struct Line {
        let members: [Int]
        let curve: [(x: Int, y: Int)]
        let labelX: Int
        let labelY: Int
        /// How the labels are anchored at `labelX`: `start`, `middle` or `end`.
        let anchor: String
        /// Whether the stack goes above `labelY` (else below).
        let above: Bool
    }

    /// The rectangles a line passes through, which a stack of labels must not cover.
    private struct Trace {
        let bounds: Area
        let pieces: [Area]

        /// Whether the line passes through `area`.
        func crosses(_ area: Area) -> Bool {
            bounds.overlaps(area) && pieces.contains(where: area.overlaps)
        }
    }

    /// The extent of what is drawn, grown as it is.
    private struct Extent {
        var minX = CoverageDiagram.margin
        var minY = CoverageDiagram.margin
        var maxX = CoverageDiagram.margin
        var maxY = CoverageDiagram.margin

        /// Grows the extent to take in a point.
        mutating func include(x: Int, y: Int) {
            minX = min(minX, x)
            minY = min(minY, y)
            maxX = max(maxX, x)
            maxY = max(maxY, y)
        }

        /// Grows the extent to take in a rectangle.
        mutating func include(_ area: Area) {
            include(x: area.x, y: area.y)
            include(x: area.x + area.width, y: area.y + area.height)
        }
    }

    /// About how wide a character of the 11-pixel monospace font is.
    private static let charWidth = 7
    /// The height of a line in a box.
    private static let lineHeight = 15
    /// The room between a box's edge and its text.
    private static let padding = 8
    /// The height of a line of an arrow's labels.
    private static let labelLine = 13
    /// The room between two boxes of a column.
    private static let rowGap = 30
    /// The room around the drawing.
    private static let margin = 16
    /// The longest label line drawn whole.
    private static let longestLine = 40

    /// Lays out and draws `coverage`, at most `stateBound` states and `transitionBound` transitions.
    init(_ coverage: Coverage, stateBound: Int = Self.stateBound, transitionBound: Int = Self.transitionBound) {
        let drawnStates = min(coverage.states.count, max(stateBound, 0))
        var drawn: [Coverage.Transition] = []
        var undrawn = coverage.states.indices.dropFirst(drawnStates).map { Self.line(state: $0, coverage.states[$0]) }
        for transition in coverage.transitions {
            if transition.from < drawnStates, transition.to < drawnStates, drawn.count < transitionBound {
                drawn.append(transition)
            } else {
                undrawn.append(Self.line(transition: transition))
            }
        }
        self.drawnStates = drawnStates
        drawnTransitions = drawn.count
        self.undrawn = undrawn
        notice =
            undrawn.isEmpty
            ? nil
            : Messages.coverageDiagramBound(
                drawnStates: drawnStates, states: coverage.states.count, drawnTransitions: drawn.count, transitions: coverage.transitions.count)
        svg = Self.draw(coverage, states: drawnStates, transitions: drawn)
    }

    /// The SVG of the first `count` states of `coverage` and `transitions` between them.
    private static func draw(_ coverage: Coverage, states count: Int, transitions: [Coverage.Transition]) -> String {
        let columns = layers(count, transitions)
        var column = [Int](repeating: 0, count: count)
        var row = [Int](repeating: 0, count: count)
        for (number, states) in columns.enumerated() {
            for (place, state) in states.enumerated() {
                column[state] = number
                row[state] = place
            }
        }
        // The transitions between the same two states the same way share one line, their labels stacked.
        var bundles: [[Int]] = []
        var bundleOf: [[Int]: Int] = [:]
        for (index, transition) in transitions.enumerated() {
            let key = [transition.from, transition.to]
            if let bundle = bundleOf[key] {
                bundles[bundle].append(index)
            } else {
                bundleOf[key] = bundles.count
                bundles.append([index])
            }
        }
        var loops = [Int](repeating: 0, count: count)
        for transition in transitions where transition.from == transition.to { loops[transition.from] += 1 }
        var boxes = (0..<count).map { box(for: $0, coverage.states[$0]) }
        var ghosts = coverage.paths.flatMap { path in
            path.unreached.map { name in
                let label = "\(path.path) = \(JSONWriter.string(.string(name)))"
                return Box(lines: [cut(Messages.coverageDiagramUnreached), cut(label)], title: Messages.coverageDiagramUnreached + ": " + label)
            }
        }
        for index in ghosts.indices { size(&ghosts[index]) }
        // A gap between columns holds the widest label, and a line bending out of a column.
        let widest = transitions.map { Self.width(of: cut(Self.label($0))) }.max() ?? 0
        let columnGap = min(max(widest + 70, 130), 360)

        // Columns left to right, each centred on the tallest; a loop's room is kept above its state.
        let heights = columns.map { states in states.reduce(0) { $0 + loopRoom(loops[$1]) + boxes[$1].height + rowGap } - rowGap }
        let ghostHeight = ghosts.reduce(0) { $0 + $1.height + rowGap } - rowGap
        let tallest = max(heights.max() ?? 0, ghostHeight)
        var columnRight: [Int] = []
        var x = margin
        for (number, states) in columns.enumerated() {
            let width = states.map { boxes[$0].width }.max() ?? 0
            var y = margin + (tallest - heights[number]) / 2
            for state in states {
                y += loopRoom(loops[state])
                boxes[state].x = x + (width - boxes[state].width) / 2
                boxes[state].y = y
                y += boxes[state].height + rowGap
            }
            x += width
            columnRight.append(x)
            x += columnGap
        }
        var y = margin + (tallest - max(ghostHeight, 0)) / 2
        let ghostWidth = ghosts.map(\.width).max() ?? 0
        for index in ghosts.indices {
            ghosts[index].x = x + (ghostWidth - ghosts[index].width) / 2
            ghosts[index].y = y
            y += ghosts[index].height + rowGap
        }

        var extent = Extent()
        extent.include(x: ghosts.isEmpty ? max(x - columnGap, margin) : x + ghostWidth, y: margin + max(tallest, 0))
        // Boxes first, lines over them: no label is hidden under a box.
        var body = boxes.enumerated().map { node($1, state: $0) } + ghosts.map { node($0, state: nil) }
        var taken = (boxes + ghosts).map(\.area)
        // A line past the next column, either way, takes a lane under the boxes: the shortest the nearest.
        let span = { (bundle: Int) in abs(column[transitions[bundles[bundle][0]].from] - column[transitions[bundles[bundle][0]].to]) }
        let long = bundles.indices.filter { span($0) > 1 }.sorted { (span($0), $0) < (span($1), $1) }
        var lanes: [Int: Int] = [:]
        for (lane, bundle) in long.enumerated() { lanes[bundle] = lane }
        // Each line first, so a stack of labels can keep off every other line, not only those drawn before it.
        var lines: [Line] = []
        for (bundle, members) in bundles.enumerated() {
            let first = transitions[members[0]]
            let from = boxes[first.from]
            let to = boxes[first.to]
            let curve: [(x: Int, y: Int)]
            // Where the labels go: a stack left of a loop, or above (below, for the way back) a line's middle.
            let labelX: Int
            let labelY: Int
            let anchor: String
            var above = true
            if first.from == first.to {
                let center = from.x + from.width / 2
                curve = [(center - 6, from.y), (center - 22, from.y - 26), (center + 22, from.y - 26), (center + 6, from.y)]
                (labelX, labelY, anchor) = (center - 24, from.y, "end")
            } else {
                // The way forward: to a later column, or down its own.
                let forward = (column[first.from], row[first.from]) < (column[first.to], row[first.to])
                let twoWay = bundleOf[[first.to, first.from]] != nil
                above = forward || !twoWay
                let offset = twoWay ? (forward ? -6 : 6) : 0
                let start: (x: Int, y: Int)
                let end: (x: Int, y: Int)
                let control: (Int, Int, Int, Int)
                if column[first.from] == column[first.to] {
                    // Within a column: out of its right side and back in, the way back further out.
                    let out = columnRight[column[first.from]] + (forward ? 30 : 50)
                    start = (from.right, from.midY + offset)
                    end = (to.right, to.midY + offset)
                    control = (out, start.y, out, end.y)
                } else if let lane = lanes[bundle] {
                    // Past the next column: under every box, each such line in a lane of its own.
                    let depth = margin + tallest + 24 + 16 * lane
                    start = (from.x + from.width / 2 + 8, from.bottom)
                    end = (to.x + to.width / 2 - 8, to.bottom)
                    control = (start.x, depth, end.x, depth)
                    above = false
                } else if column[first.from] < column[first.to] {
                    start = (from.right, from.midY + offset)
                    end = (to.x, to.midY + offset)
                    control = (start.x + (end.x - start.x) / 2, start.y, end.x - (end.x - start.x) / 2, end.y)
                } else {
                    start = (from.x, from.midY + offset)
                    end = (to.right, to.midY + offset)
                    control = (start.x - (start.x - end.x) / 2, start.y, end.x + (start.x - end.x) / 2, end.y)
                }
                curve = [start, (control.0, control.1), (control.2, control.3), end]
                // The curve's middle: (P0 + 3 C1 + 3 C2 + P3) / 8.
                let midX = (start.x + 3 * control.0 + 3 * control.2 + end.x) / 8
                let midY = (start.y + 3 * control.1 + 3 * control.3 + end.y) / 8
                let inColumn = column[first.from] == column[first.to]
                (labelX, labelY, anchor) = inColumn ? (max(midX, from.right, to.right) + 6, midY, "start") : (midX, midY, "middle")
            }
            extent.include(x: curve[1].x, y: curve[1].y)
            extent.include(x: curve[2].x, y: curve[2].y)
            lines.append(Line(members: members, curve: curve, labelX: labelX, labelY: labelY, anchor: anchor, above: above))
        }
        let traces = lines.map { trace(of: $0.curve) }
        for (bundle, line) in lines.enumerated() {
            let (curve, members, labelX, anchor) = (line.curve, line.members, line.labelX, line.anchor)
            let path = "M\(curve[0].x),\(curve[0].y) C\(curve[1].x),\(curve[1].y) \(curve[2].x),\(curve[2].y) \(curve[3].x),\(curve[3].y)"
            // The stack moves up or down, a line at a time, off the boxes, the stacks placed before it and the other lines.
            let labels = members.map { cut(Self.label(transitions[$0])) }
            let stackWidth = labels.map(Self.width(of:)).max() ?? 0
            let stackX = anchor == "start" ? labelX : anchor == "middle" ? labelX - stackWidth / 2 : labelX - stackWidth
            let stackTop = line.above ? line.labelY - 4 - labels.count * labelLine : line.labelY + 2
            let area = Area(x: stackX, y: stackTop, width: stackWidth, height: labels.count * labelLine)
            let stack = free(area, of: taken, lines: traces, besides: bundle, up: line.above)
            taken.append(stack)
            extent.include(stack)
            for (place, index) in members.enumerated() {
                let transition = transitions[index]
                let title = "#\(transition.from) → #\(transition.to): \(Self.label(transition))"
                let lineY = stack.y + (place + 1) * labelLine - 3
                body.append(
                    #"<g class="edge" data-from="\#(transition.from)" data-to="\#(transition.to)"><title>\#(escape(title))</title>"#
                        + ##"<path d="\##(path)" fill="none" stroke="#8a8a8e" stroke-width="1.2" marker-end="url(#coverage-arrow)"/>"##
                        + #"<text x="\#(labelX)" y="\#(lineY)"\#(anchor == "start" ? "" : #" text-anchor="\#(anchor)""#) class="edge-label">"#
                        + "\(escape(labels[place]))</text></g>")
            }
        }
        let width = extent.maxX - extent.minX + 2 * margin
        let height = extent.maxY - extent.minY + 2 * margin
        let head =
            #"<svg xmlns="http://www.w3.org/2000/svg" class="coverage-graph" width="\#(width)" height="\#(height)" "#
            + #"viewBox="\#(extent.minX - margin) \#(extent.minY - margin) \#(width) \#(height)" "#
            + #"font-family="ui-monospace, Menlo, monospace" font-size="11" role="img" "#
            + #"aria-label="\#(escape(Messages.coverageDiagramLabel(states: count, transitions: transitions.count)))">"#
            + #"<defs><marker id="coverage-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto">"#
            + ##"<path d="M0,0 L10,5 L0,10 z" fill="#8a8a8e"/></marker></defs>"##
            + #"<style>.edge-label{fill:#3a3a3c;paint-order:stroke;stroke:#fff;stroke-width:3px;stroke-linejoin:round}</style>"#
        return head + body.joined() + "</svg>"
    }

    /// `area` moved up or down by whole label lines (first the way `up` says) to where it covers
    /// none of `taken` and crosses none of `lines` but its own (at `own`); where no place near is,
    /// the nearest that covers the fewest of them.
    private static func free(_ area: Area, of taken: [Area], lines: [Trace], besides own: Int, up: Bool) -> Area {
        var best = (area: area, covered: Int.max)
        for step in 0...80 {
            var moved = area
            moved.y += (step + 1) / 2 * labelLine * (step % 2 == 1 ? (up ? -1 : 1) : (up ? 1 : -1))
            let covered = taken.count(where: moved.overlaps) + lines.indices.count { $0 != own && lines[$0].crosses(moved) }
            if covered == 0 { return moved }
            if covered < best.covered { best = (moved, covered) }
        }
        return best.area
    }

    /// The rectangles a line's curve passes through, `pieces` of it, each a little wider than the line.
    private static func trace(of curve: [(x: Int, y: Int)], pieces: Int = 16) -> Trace {
        // The cubic Bézier curve at t = i / pieces, in whole pixels.
        let points = (0...pieces).map { step -> (x: Int, y: Int) in
            let t = Double(step) / Double(pieces)
            let u = 1 - t
            let weights = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
            let x = zip(weights, curve).reduce(0) { $0 + $1.0 * Double($1.1.x) }
            let y = zip(weights, curve).reduce(0) { $0 + $1.0 * Double($1.1.y) }
            return (Int(x.rounded()), Int(y.rounded()))
        }
        let pieces = zip(points, points.dropFirst()).map { a, b in
            Area(x: min(a.x, b.x) - 2, y: min(a.y, b.y) - 2, width: abs(a.x - b.x) + 4, height: abs(a.y - b.y) + 4)
        }
        let left = pieces.map(\.x).min() ?? 0
        let top = pieces.map(\.y).min() ?? 0
        let right = pieces.map { $0.x + $0.width }.max() ?? 0
        let bottom = pieces.map { $0.y + $0.height }.max() ?? 0
        return Trace(bounds: Area(x: left, y: top, width: right - left, height: bottom - top), pieces: pieces)
    }

    /// The states' columns: the first state's, then those one step from it, and on; a state no
    /// step reaches from the ones before starts a layer count of its own.
    private static func layers(_ count: Int, _ transitions: [Coverage.Transition]) -> [[Int]] {
        var next = [[Int]](repeating: [], count: count)
        for transition in transitions where transition.from != transition.to && !next[transition.from].contains(transition.to) {
            next[transition.from].append(transition.to)
        }
        var layer = [Int?](repeating: nil, count: count)
        var columns: [[Int]] = []
        for root in 0..<count where layer[root] == nil {
            layer[root] = 0
            var queue = [root]
            var head = 0
            while head < queue.count {
                let state = queue[head]
                head += 1
                let depth = layer[state] ?? 0
                if columns.count <= depth { columns.append([]) }
                columns[depth].append(state)
                for target in next[state] where layer[target] == nil {
                    layer[target] = depth + 1
                    queue.append(target)
                }
            }
        }
        return columns
    }

    /// A state's box, sized, at the origin: its number and count, then its values.
    private static func box(for index: Int, _ state: Coverage.State) -> Box {
        let values = state.values.map { "\($0.path) = \(JSONWriter.string($0.value))" }
        let head = "#\(index)  ×\(state.count)"
        var box = Box(
            lines: [head] + (values.isEmpty ? [Messages.coverageDiagramNoValue] : values).map(cut),
            title: ([head] + (values.isEmpty ? [Messages.coverageDiagramNoValue] : values)).joined(separator: "\n"))
        size(&box)
        return box
    }

    /// Sets a box's size from its lines.
    private static func size(_ box: inout Box) {
        box.width = max(80, (box.lines.map(width(of:)).max() ?? 0) + 2 * padding)
        box.height = box.lines.count * lineHeight + padding
    }

    /// The room kept above a state for its loop and the labels of `count` steps that stay in it.
    private static func loopRoom(_ count: Int) -> Int {
        count == 0 ? 0 : max(30, count * labelLine + 8)
    }

    /// A box drawn: a rounded rectangle, its lines, and its whole text as a tooltip; the box of
    /// state number `state`, or of a case never reached when `nil`.
    private static func node(_ box: Box, state: Int?) -> String {
        let unreached = state == nil
        let first = state == 0
        let head = state.map { #"<g class="node" data-state="\#($0)">"# } ?? #"<g class="unreached">"#
        var out = head + "<title>\(escape(box.title))</title>"
        out += #"<rect x="\#(box.x)" y="\#(box.y)" width="\#(box.width)" height="\#(box.height)" rx="6" "#
        out +=
            unreached
            ? ##"fill="none" stroke="#aeaeb2" stroke-dasharray="4 3"/>"##
            : ##"fill="#f2f6ff" stroke="#4a6fd0" stroke-width="\##(first ? 2 : 1)"/>"##
        out += #"<text fill="\#(unreached ? "gray" : "black")">"#
        for (number, line) in box.lines.enumerated() {
            let weight = number == 0 && !unreached ? #" font-weight="bold""# : ""
            out += #"<tspan x="\#(box.x + padding)" y="\#(box.y + padding / 2 + lineHeight * (number + 1) - 4)"\#(weight)>\#(escape(line))</tspan>"#
        }
        return out + "</text></g>"
    }

    /// A transition's label: its step (an event by name) and how often it was taken.
    private static func label(_ transition: Coverage.Transition) -> String {
        (transition.event.map { "event \($0)" } ?? transition.step) + " ×\(transition.count)"
    }

    /// A state not drawn, as a line of text.
    private static func line(state index: Int, _ state: Coverage.State) -> String {
        let values = state.values.map { "\($0.path) = \(JSONWriter.string($0.value))" }
        return "#\(index)  " + (values.isEmpty ? Messages.coverageDiagramNoValue : values.joined(separator: ", ")) + "  ×\(state.count)"
    }

    /// A transition not drawn, as a line of text.
    private static func line(transition: Coverage.Transition) -> String {
        "#\(transition.from) → #\(transition.to)  " + label(transition)
    }

    /// `text`, cut to ``longestLine`` characters with an ellipsis.
    private static func cut(_ text: String) -> String {
        text.count <= longestLine ? text : String(text.prefix(longestLine - 1)) + "…"
    }

    /// About how wide `text` is drawn in a monospace font: a wide character (CJK, emoji) takes
    /// two cells, a combining mark or a joiner none.
    static func width(of text: String) -> Int {
        DisplayWidth.of(text) * charWidth
    }

    /// `text` as XML character data or an attribute value.
    private static func escape(_ text: String) -> String {
        JUnitReport.escape(text)
    }
}
