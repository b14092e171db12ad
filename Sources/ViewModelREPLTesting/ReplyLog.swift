import ViewModelREPL

/// What a session in a Swift test said: every reply and push as a value, taken step by step.
@MainActor
final class ReplyLog: OutputConsumer {
    private var entries: [(reply: Reply, push: Bool, line: Int?)] = []

    func consume(_ value: OutputValue, settings: OutputSettings) {
        entries.append((value.reply, value.push, value.tag?.line))
    }

    func flush() {}

    var isClosed: Bool { false }

    /// What was said since the last call, each with the input line of the request it carries.
    func take() -> [(reply: Reply, push: Bool, line: Int?)] {
        defer { entries.removeAll() }
        return entries
    }
}
