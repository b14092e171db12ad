/// Keeps the session's output values until an MCP tool call takes them: each as the object
/// protocol v1 would print, and the human view's text of it, for models that read text.
///
/// The same values every front end renders: the objects come from ``ProtocolWriter`` building
/// JSON values (never text read back), the text from ``HumanView``; an error gains what is known
/// and the closest match, a describe each event's JSON Schema.
///
/// A client that does not call keeps no more than ``lineLimit`` lines, of about ``byteLimit``
/// bytes, waiting: past either the oldest lines go down to half of it (a request's reply is
/// kept), and the next result says how many went.
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
    /// About how many bytes (JSON and text) the lines waiting for the next call take at most.
    nonisolated static let byteLimit = 8 << 20

    private var taken = Taken()
    /// Each line's text in the human view, joined when a call takes them.
    private var texts: [String] = []
    /// About how many bytes each line and its text take, and all of them.
    private var sizes: [Int] = []
    private var bytes = 0
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
        // An output carries its request's line without being its reply.
        if !value.push, let tag = value.tag, !Self.isOutput(value.reply) { lastReply = (tag.line, taken.lines.count) }
        let text = human.text(for: value.reply, push: value.push)
        let size = Self.size(of: line) + text.utf8.count
        taken.lines.append(line)
        texts.append(text)
        sizes.append(size)
        bytes += size
        if taken.lines.count > Self.lineLimit { dropOldest(taken.lines.count - Self.lineLimit / 2) }
        if bytes > Self.byteLimit {
            // The newest line stays, however large.
            var count = 0
            var freed = 0
            while count < taken.lines.count - 1, bytes - freed > Self.byteLimit / 2 {
                freed += sizes[count]
                count += 1
            }
            dropOldest(count)
        }
    }

    private static func isOutput(_ reply: Reply) -> Bool {
        if case .output = reply { return true }
        return false
    }

    /// Drops the oldest `count` lines, keeping the last reply where it stood among those kept.
    private func dropOldest(_ count: Int) {
        guard count > 0 else { return }
        var reply: (line: JSONValue, text: String, size: Int)?
        if let lastReply, lastReply.index < count { reply = (taken.lines[lastReply.index], texts[lastReply.index], sizes[lastReply.index]) }
        bytes -= sizes[..<count].reduce(0, +)
        taken.lines.removeFirst(count)
        texts.removeFirst(count)
        sizes.removeFirst(count)
        if let reply {
            taken.lines.insert(reply.line, at: 0)
            texts.insert(reply.text, at: 0)
            sizes.insert(reply.size, at: 0)
            bytes += reply.size
            lastReply?.index = 0
            taken.dropped += count - 1
        } else {
            lastReply?.index -= count
            taken.dropped += count
        }
    }

    /// About how many bytes `value` takes written as JSON.
    private static func size(of value: JSONValue) -> Int {
        switch value {
        case .null, .bool: 5
        case .int, .double: 24
        case .number(let text): text.utf8.count
        case .string(let text): text.utf8.count + 2
        case .array(let elements): elements.reduce(2) { $0 + size(of: $1) + 1 }
        case .object(let members): members.reduce(2) { $0 + $1.key.utf8.count + 4 + size(of: $1.value) }
        }
    }

    func flush() {}

    /// Everything rendered since the last call took it; the reply is the last value the request
    /// on line `call` wrote that is not a push.
    func take(call: Int) -> Taken {
        defer {
            taken = Taken()
            texts = []
            sizes = []
            bytes = 0
            lastReply = nil
        }
        if taken.dropped > 0 { texts.insert(Messages.droppedLines(taken.dropped) + "\n", at: 0) }
        taken.text = texts.joined()
        if let lastReply, lastReply.line == call { taken.reply = taken.lines.remove(at: lastReply.index) }
        return taken
    }
}
