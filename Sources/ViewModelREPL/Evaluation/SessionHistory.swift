/// The steps of a session so far — the commands that did something, with their line — for
/// `history` and `undo`, which replays all but the last few in a fresh worker process.
///
/// Each step keeps a digest of its reply (``ReplyDigest``), so a replay can tell where it stopped
/// repeating the session. Kept only where `undo` can be served (a pipe session), so other sessions
/// pay nothing for it.
@MainActor
final class SessionHistory {
    /// One step: the line as it was read, its number, and its reply's digest.
    struct Step: Equatable, Sendable {
        var text: String
        var line: Int
        var digest: UInt64
    }

    /// Whether steps are kept at all.
    var isKept = false
    private(set) var steps: [Step] = []

    /// How many steps there are.
    var count: Int { steps.count }

    func record(_ text: String, line: Int, reply: Reply) {
        steps.append(Step(text: text, line: line, digest: ReplyDigest.of(reply)))
    }

    /// Starts from `steps`, those a replay repeated.
    func restore(_ steps: [Step]) {
        self.steps = steps
    }
}

/// `undo` asked for: how many steps back, and the request, which the worker that replays the rest
/// answers.
struct UndoRequest: Sendable {
    var steps: Int
    var tag: RequestTag
}
