/// Keeps what a session renders until an MCP tool call takes it: each line as the object
/// protocol v1 would print, and the human view's text of it, for models that read text.
///
/// The same reply values every front end renders: the lines come from ``ProtocolWriter`` and the
/// text from ``HumanView``; an error line gains what is known and the closest match, a describe
/// line each event's JSON Schema.
@MainActor
final class ToolCallCollector: ReplyRenderer {
    /// What a call takes: the lines in the order written, their text, and whether any was an error.
    struct Taken {
        var lines: [JSONValue]
        var text: String
        var failed: Bool
    }

    private var taken = Taken(lines: [], text: "", failed: false)
    private var human = HumanView(colour: false)
    private var written: [UInt8] = []
    // Implicitly unwrapped only because its output closure refers to this collector: it is set in init.
    private var writer: ProtocolWriter!

    init(states: StateRendering) {
        writer = ProtocolWriter(
            output: OutputChannel { [unowned self] bytes in
                self.written.append(contentsOf: bytes)
                return true
            }, states: states)
    }

    var isClosed: Bool { false }

    func render(_ reply: Reply, tag: RequestTag?, push: Bool) {
        writer.render(reply, tag: tag, push: push)
        writer.flush()
        let text = String(decoding: written.dropLast(), as: UTF8.self)
        // States nest as deep as the app's types; a line too deep to read back is kept as its text.
        var line = (try? JSONParser.parse(text, maximumDepth: 512)) ?? .string(text)
        switch reply {
        case .error(let error):
            taken.failed = true
            if let alternatives = error.alternatives {
                line.set("known", to: .array(alternatives.known.map(JSONValue.string)))
                if let closest = alternatives.closest { line.set("didYouMean", to: .string(closest)) }
            }
        case .description(let description):
            // Each event's arguments as the JSON Schema the event tool checks them with.
            if case .array(var events)? = line["events"] {
                for (index, event) in description.events.enumerated() where index < events.count {
                    events[index].set("schema", to: ToolCatalog.argumentsSchema(event))
                }
                line.set("events", to: .array(events))
            }
        default:
            break
        }
        taken.lines.append(line)
        written.removeAll(keepingCapacity: true)
        taken.text += human.text(for: reply, push: push)
    }

    func flush() {}

    /// Everything rendered since the last call took it.
    func take() -> Taken {
        defer { taken = Taken(lines: [], text: "", failed: false) }
        return taken
    }
}
