/// Keeps the session's output values until an MCP tool call takes them: each as the object
/// protocol v1 would print, and the human view's text of it, for models that read text.
///
/// The same values every front end renders: the objects come from ``ProtocolWriter`` building
/// JSON values (never text read back), the text from ``HumanView``; an error gains what is known
/// and the closest match, a describe each event's JSON Schema.
@MainActor
final class ToolCallCollector: OutputConsumer {
    /// What a call takes: its reply's line, the other lines in the order written, their text, and
    /// whether any was an error.
    struct Taken {
        var reply: JSONValue?
        var lines: [JSONValue] = []
        var text = ""
        var failed = false
    }

    private var taken = Taken()
    /// Where in `taken.lines` the last value that was no push stands, for each request line.
    private var lastReply: (line: Int, index: Int)?
    private var human = HumanView(colour: false)
    private let builder = JSONLineBuilder()
    private lazy var writer = ProtocolWriter(output: builder)

    init() {}

    var isClosed: Bool { false }

    func consume(_ value: OutputValue, settings: OutputSettings) {
        writer.render(value)
        var line = builder.line
        switch value.reply {
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
        if !value.push, let tag = value.tag { lastReply = (tag.line, taken.lines.count) }
        taken.lines.append(line)
        taken.text += human.text(for: value.reply, push: value.push)
    }

    func flush() {}

    /// Everything rendered since the last call took it; the reply is the last value the request
    /// on line `call` wrote that is not a push.
    func take(call: Int) -> Taken {
        defer {
            taken = Taken()
            lastReply = nil
        }
        if let lastReply, lastReply.line == call { taken.reply = taken.lines.remove(at: lastReply.index) }
        return taken
    }
}
