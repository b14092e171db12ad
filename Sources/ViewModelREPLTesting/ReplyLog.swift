import ViewModelREPL

/// What a session in a Swift test said: every reply and push as a value, taken step by step.
@MainActor
final class ReplyLog: ReplyRenderer {
    private var entries: [(reply: Reply, push: Bool)] = []

    func render(_ reply: Reply, tag: RequestTag?, push: Bool) {
        entries.append((reply, push))
    }

    func flush() {}

    var isClosed: Bool { false }

    /// What was said since the last call.
    func take() -> [(reply: Reply, push: Bool)] {
        defer { entries.removeAll() }
        return entries
    }
}
