/// The abstract state machine `explore --coverage=FILE.dot` draws: a Graphviz digraph with a node
/// per abstract state reached and an edge per transition, labelled with its step and count.
enum CoverageGraph {
    /// The dot text of `coverage`'s states and transitions.
    static func dot(_ coverage: Coverage) -> String {
        var lines = ["digraph coverage {", "  rankdir=LR;", "  node [shape=box, style=rounded];"]
        for (index, state) in coverage.states.enumerated() {
            let label =
                state.values.isEmpty
                ? Messages.coverageDiagramNoValue : state.values.map { "\($0.path) = \(JSONWriter.string($0.value))" }.joined(separator: "\n")
            lines.append("  s\(index) [label=\(quoted(label + "\n×\(state.count)"))];")
        }
        for transition in coverage.transitions {
            let step = transition.event.map { "event \($0)" } ?? transition.step
            lines.append("  s\(transition.from) -> s\(transition.to) [label=\(quoted("\(step) ×\(transition.count)"))];")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a dot string: quoted, its quotes and backslashes escaped, its line breaks `\n`,
    /// and `&` as `&amp;`, since Graphviz reads `&lt;` and the like in a label as the character.
    private static func quoted(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n", "\r", "\r\n": result += "\\n"
            case "&": result += "&amp;"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
