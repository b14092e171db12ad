/// Keeps the session's output values until an MCP tool call takes them: each as the object
/// protocol v1 would print, and the human view's text of it, for models that read text.
///
/// The same values every front end renders: the objects come from ``ProtocolWriter`` building
/// JSON values (never text read back), the text from ``HumanView``; an error gains what is known
/// and the closest match, a describe each event's JSON Schema.
///
/// A client that does not call keeps no more than ``lineLimit`` lines waiting: past it the oldest
/// half goes (a request's reply is kept), and the next result says how many went.
@MainActor
final class ToolCallCollector: OutputConsumer {
    /// What a call takes: its reply's line, the other lines in the order written, their text,
    /// whether any was an error, and how many older lines were dropped to keep within the limit.
    struct Taken {
        var reply: JSONValue?
        var lines: [JSONValue] = []
        var text = ""
        var failed = false
        var dropped = 0
    }

    /// How many lines wait for the next call at most; the newest half to all of them are kept.
    nonisolated static let lineLimit = 256

    private var taken = Taken()
    /// Each line's text in the human view, joined when a call takes them.
    private var texts: [String] = []
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
        texts.append(human.text(for: value.reply, push: value.push))
        if taken.lines.count > Self.lineLimit { dropOldest() }
    }

    /// Drops the oldest lines down to half the limit, keeping the last reply where it stood
    /// among those kept.
    private func dropOldest() {
        let count = taken.lines.count - Self.lineLimit / 2
        var reply: (line: JSONValue, text: String)?
        if let lastReply, lastReply.index < count { reply = (taken.lines[lastReply.index], texts[lastReply.index]) }
        taken.lines.removeFirst(count)
        texts.removeFirst(count)
        if let reply {
            taken.lines.insert(reply.line, at: 0)
            texts.insert(reply.text, at: 0)
            lastReply?.index = 0
            taken.dropped += count - 1
        } else {
            lastReply?.index -= count
            taken.dropped += count
        }
    }

    func flush() {}

    /// Everything rendered since the last call took it; the reply is the last value the request
    /// on line `call` wrote that is not a push.
    func take(call: Int) -> Taken {
        defer {
            taken = Taken()
            texts = []
            lastReply = nil
        }
        if taken.dropped > 0 { texts.insert(Messages.droppedLines(taken.dropped) + "\n", at: 0) }
        taken.text = texts.joined()
        if let lastReply, lastReply.line == call { taken.reply = taken.lines.remove(at: lastReply.index) }
        return taken
    }
}
