import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The trace page's coverage graph (``CoverageDiagram``): the SVG read back with Foundation's XML
/// parser, so a label that is not escaped fails to parse or shows up as markup.
@MainActor
struct CoverageDiagramTests {
    /// A coverage of `states` keyed by one path, with `transitions` as (from, step, event, to) and each count 1.
    private func coverage(_ states: [JSONValue], _ transitions: [(Int, String, String?, Int)], unreached: [String] = []) -> Coverage {
        Coverage(
            events: [], paths: [.init(path: "phase", cases: unreached.isEmpty ? nil : ["a"] + unreached, unreached: unreached)],
            states: states.enumerated().map { .init(values: [(path: "phase", value: $1)], count: $0 + 1) },
            transitions: transitions.map { .init(from: $0.0, step: $0.1, event: $0.2, to: $0.3, count: 1) }, limits: (1_000, 10_000), dropped: (0, 0))
    }

    /// The SVG parsed, and its elements of `class` (a `g`'s).
    private func groups(_ svg: String, _ classes: String) throws -> [XMLElement] {
        let document = try XMLDocument(xmlString: svg)
        return try document.nodes(forXPath: "//*[local-name()='g'][@class='\(classes)']").compactMap { $0 as? XMLElement }
    }

    /// The values `xpath` finds in the SVG, its elements named by `local-name()` (they are in SVG's namespace).
    private func values(_ svg: String, _ xpath: String) throws -> [String] {
        try XMLDocument(xmlString: svg).nodes(forXPath: xpath).compactMap(\.stringValue)
    }

    /// The `x` of state `state`'s box.
    private func x(of state: Int, in svg: String) throws -> Int {
        try #require(Int(try values(svg, "//*[@data-state='\(state)']/*[local-name()='rect']/@x").first ?? ""))
    }

    @Test func aNodePerStateAndAnArrowPerTransitionLayeredFromTheFirstState() throws {
        // 0 → 1 → 2, 0 → 3, 2 → 0 back, and 1 → 1 staying.
        let covered = coverage(
            [.string("a"), .string("b"), .string("c"), .string("d")],
            [(0, "event", "go", 1), (0, "load", nil, 3), (1, "event", "go", 2), (1, "wait", nil, 1), (2, "event", "back", 0)])
        let diagram = CoverageDiagram(covered)
        #expect(try groups(diagram.svg, "node").count == 4)
        #expect(try groups(diagram.svg, "edge").count == 5)
        #expect(diagram.notice == nil && diagram.undrawn.isEmpty)
        #expect((diagram.drawnStates, diagram.drawnTransitions) == (4, 5))
        // Columns by distance from the first state: 1 and 3 one step away, 2 two.
        let columns = try (0..<4).map { try x(of: $0, in: diagram.svg) }
        #expect(columns[0] < columns[1] && columns[1] < columns[2])
        #expect(abs(columns[3] - columns[1]) < 40, "\(columns)")
        // Labels: the event by name, the step otherwise, each with its count.
        let labels = try groups(diagram.svg, "edge").map { $0.elements(forName: "text").first?.stringValue ?? "" }
        #expect(labels == ["event go ×1", "load ×1", "event go ×1", "wait ×1", "event back ×1"])
        #expect(CoverageDiagram(covered).svg == diagram.svg, "the same coverage draws the same bytes")
    }

    @Test func aStepThatStaysIsALoopAboveItsState() throws {
        let diagram = CoverageDiagram(coverage([.string("only")], [(0, "advance", nil, 0), (0, "event", "tap", 0)]))
        #expect(try values(diagram.svg, "//*[@class='edge']/@data-from") == ["0", "0"])
        #expect(try values(diagram.svg, "//*[@class='edge']/@data-to") == ["0", "0"])
        let top = try #require(try values(diagram.svg, "//*[@class='node']/*[local-name()='rect']/@y").first)
        let paths = try values(diagram.svg, "//*[@class='edge']/*[local-name()='path']/@d")
        #expect(paths.count == 2)
        for path in paths {
            // From the box's top edge, up, and back down to it.
            #expect(path.hasPrefix("M") && path.split(separator: " ").first?.hasSuffix(",\(top)") == true, "\(path)")
            #expect(path.hasSuffix(",\(top)"), "\(path)")
            let rise = path.split(separator: " ").dropFirst().first?.split(separator: ",").last.flatMap { Int($0) }
            #expect(rise ?? .max < Int(top) ?? 0, "the loop goes up: \(path)")
        }
    }

    /// In a dense graph (every state to every other, both ways, and steps that stay) no label
    /// covers another arrow's line, nor another label: each stack keeps off every line but its own.
    @Test func labelsKeepOffTheOtherLines() throws {
        let states: [JSONValue] = (0..<5).map { .string("state \($0)") }
        var steps: [(Int, String, String?, Int)] = []
        for from in 0..<5 {
            for to in 0..<5 { steps.append((from, "event", from == to ? "stay" : "go\(to)", to)) }
        }
        let svg = CoverageDiagram(coverage(states, steps)).svg
        // Each edge's path and label, as the diagram writes them (its escaping tested elsewhere).
        let pattern = try NSRegularExpression(
            pattern: #"<g class="edge"[^>]*>.*?<path d="([^"]*)".*?<text x="(-?\d+)" y="(-?\d+)"(?: text-anchor="(\w+)")?[^>]*>([^<]*)</text></g>"#)
        let found = pattern.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { match in
            (1...5).map { group in Range(match.range(at: group), in: svg).map { String(svg[$0]) } }
        }
        #expect(found.count == 25)
        let paths = found.map { $0[0] ?? "" }
        // Each edge's line, sampled.
        let lines: [[(x: Double, y: Double)]] = paths.map { path in
            let numbers = path.split(whereSeparator: { !"0123456789-".contains($0) }).compactMap { Double($0) }
            guard numbers.count == 8 else { return [] }
            let points = stride(from: 0, to: 8, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            return (0...64).map { step in
                let t = Double(step) / 64
                let u = 1 - t
                let weights = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t]
                return (zip(weights, points).reduce(0) { $0 + $1.0 * $1.1.0 }, zip(weights, points).reduce(0) { $0 + $1.0 * $1.1.1 })
            }
        }
        #expect(lines.allSatisfy { !$0.isEmpty })
        // Each label's rectangle, as the diagram sizes its text.
        let labels: [(x: Double, y: Double, width: Double, height: Double)] = found.map { groups in
            let x = Double(groups[1] ?? "") ?? 0
            let y = Double(groups[2] ?? "") ?? 0
            let width = Double(CoverageDiagram.width(of: groups[4] ?? ""))
            let anchor = groups[3] ?? "start"
            let left = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
            return (left, y - 10, width, 13)
        }
        let inside = { (point: (x: Double, y: Double), label: (x: Double, y: Double, width: Double, height: Double)) in
            point.x > label.x + 1 && point.x < label.x + label.width - 1 && point.y > label.y + 1 && point.y < label.y + label.height - 1
        }
        // Lines of one bundle share a path: only another path counts.
        var crossings: [String] = []
        for (index, label) in labels.enumerated() {
            for (other, line) in lines.enumerated() where paths[other] != paths[index] && line.contains(where: { inside($0, label) }) {
                crossings.append("\(found[index][4] ?? "") crossed by \(found[other][4] ?? "")")
            }
            for (other, next) in labels.enumerated() where other > index {
                if label.x < next.x + next.width, next.x < label.x + label.width, label.y < next.y + next.height, next.y < label.y + label.height {
                    crossings.append("\(index) and \(other) overlap")
                }
            }
        }
        #expect(crossings.isEmpty, "\(crossings)")
    }

    @Test func labelsAreEscapedAndLongOnesCut() throws {
        let hostile = #"</text><script>alert("x")</script> & 'more' "# + String(repeating: "é", count: 100)
        let diagram = CoverageDiagram(
            coverage([.string(hostile), .string("b")], [(0, "event", "<b>&", 1)], unreached: [#"<"quoted">"#]))
        #expect(!diagram.svg.contains("<script"))
        #expect(diagram.svg.contains("&lt;/text&gt;&lt;script&gt;"))
        let node = try #require(try groups(diagram.svg, "node").first)
        let lines = node.elements(forName: "text").first?.children?.compactMap(\.stringValue) ?? []
        #expect(lines.first == "#0  ×1")
        let value = try #require(lines.last)
        #expect(value.hasPrefix(#"phase = "</text><script>alert(\"x\")"#) && value.hasSuffix("…") && value.count == 40, "\(value)")
        // The whole value is in the tooltip.
        #expect(node.elements(forName: "title").first?.stringValue?.contains(String(repeating: "é", count: 100)) == true)
        #expect(try groups(diagram.svg, "edge").first?.elements(forName: "text").first?.stringValue == "event <b>& ×1")
        let ghost = try #require(try groups(diagram.svg, "unreached").first)
        #expect(ghost.elements(forName: "text").first?.children?.compactMap(\.stringValue) == [Messages.coverageDiagramUnreached, #"phase = "<\"quoted\">""#])
    }

    @Test func pastTheBoundTheFirstStatesAreDrawnAndTheRestListed() throws {
        // A chain of 60 states, and one step from the last back to the first.
        let count = 60
        let chain = (0..<count - 1).map { ($0, "event", Optional("next"), $0 + 1) } + [(count - 1, "stub", nil, 0)]
        let covered = coverage((0..<count).map { .int($0) }, chain)
        let diagram = CoverageDiagram(covered)
        #expect(diagram.drawnStates == CoverageDiagram.stateBound)
        #expect(try groups(diagram.svg, "node").count == CoverageDiagram.stateBound)
        // Drawn: the steps between the first 50; listed: the other 10 states, and the 11 steps that touch them.
        #expect(diagram.drawnTransitions == CoverageDiagram.stateBound - 1)
        #expect(try groups(diagram.svg, "edge").count == CoverageDiagram.stateBound - 1)
        #expect(diagram.undrawn.count == 21)
        #expect(diagram.undrawn.first == "#50  phase = 50  ×51")
        #expect(diagram.undrawn.last == "#59 → #0  stub ×1")
        #expect(diagram.notice == Messages.coverageDiagramBound(drawnStates: 50, states: 60, drawnTransitions: 49, transitions: 60))
        // The transition bound is the same: past it, the rest are listed.
        let few = CoverageDiagram(covered, stateBound: 100, transitionBound: 5)
        #expect(try groups(few.svg, "edge").count == 5)
        #expect(few.undrawn.count == 55 && few.notice != nil)
    }

    @Test func aStateWithNoValueSaysSo() throws {
        let covered = Coverage(
            events: [], paths: [], states: [.init(values: [], count: 3)], transitions: [], limits: (1_000, 10_000), dropped: (0, 0))
        let node = try #require(try groups(CoverageDiagram(covered).svg, "node").first)
        #expect(node.elements(forName: "text").first?.children?.compactMap(\.stringValue) == ["#0  ×3", Messages.coverageDiagramNoValue])
    }

    /// explore's coverage line reaches the trace's data whole, with its graph.
    @Test func theTraceOfAnExploreWithCoverageCarriesItsGraph() async throws {
        let setup = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try "use users\n".write(toFile: setup, atomically: true, encoding: .utf8)
        let trace = TraceRecorder()
        let explorer = Explorer(
            registry: ExampleScreens.registry(), options: Evaluator.Options(), runs: 10, steps: 10, out: nil, coverage: .init(), consumer: trace,
            report: { _ in })
        _ = await explorer.run(setup)
        let document = try JSONParser.parse(String(decoding: trace.document(title: "t"), as: UTF8.self), maximumDepth: 512)
        guard case .object(let members) = document, case .object(let coverage)? = members.first(where: { $0.key == "coverage" })?.value else {
            Issue.record("no coverage in the trace's data")
            return
        }
        let line = try #require(coverage.first { $0.key == "line" }?.value)
        guard case .object(let fields) = line, case .array(let states)? = fields.first(where: { $0.key == "states" })?.value,
            case .string(let svg)? = coverage.first(where: { $0.key == "svg" })?.value
        else {
            Issue.record("the coverage has no states or no graph")
            return
        }
        #expect(fields.first?.value == .string("coverage"))
        #expect(try groups(svg, "node").count == states.count)
    }
}
