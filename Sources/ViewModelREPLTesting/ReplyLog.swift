import ViewModelREPL

/// What a session in a Swift test said: every reply and push as a value, taken step by step.
@MainActor
final class ReplyLog: OutputConsumer {
    private var entries: [(reply: Reply, push: Bool)] = []

    func consume(_ value: OutputValue, settings: OutputSettings) {
        entries.append((value.reply, value.push))
    }

    func flush() {}

    var isClosed: Bool { false }

    /// What was said since the last call.
    func take() -> [(reply: Reply, push: Bool)] {
        defer { entries.removeAll() }
        return entries
    }
}
