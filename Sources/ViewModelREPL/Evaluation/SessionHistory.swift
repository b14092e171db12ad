/// The steps of a session so far — the commands that did something, with their line — for
/// `history` and `undo`, which replays all but the last few in a fresh worker process.
///
/// Each step keeps its reply (shared, not copied) while the budget for states holds it, and its
/// digest (``ReplyDigest``) once it does not: a replay can tell where it stopped repeating the
/// session, and what differed. The digest is taken when asked for (an `undo`) or when the reply
/// is let go, not as each step is kept: the per-line path pays for an append. Kept only where
/// `undo` can be served (pipe, MCP and terminal sessions), so other sessions pay nothing for it.
@MainActor
final class SessionHistory {
    /// One step: the line as it was read, its number, and its reply's digest; or a command that
    /// trapped (at a terminal, which carried on without it), marked, never replayed nor counted.
    struct Step: Sendable {
        var text: String
        var line: Int
        var trapped = false
        /// The state its reply showed, while the history's budget for states holds it: a replay
        /// that differs there names the path.
        var state: [UInt8]?
        /// The reply, until it is let go; then, or when it was never had, its digest.
        private var reply: Reply?
        private var knownDigest: UInt64

        /// A step whose reply's digest is known (read from a worker, or a mark).
        init(text: String, line: Int, digest: UInt64, trapped: Bool = false, state: [UInt8]? = nil) {
            self.text = text
            self.line = line
            self.trapped = trapped
            self.state = state
            knownDigest = digest
        }

        /// A step as it is kept: its reply.
        init(text: String, line: Int, reply: Reply) {
            self.text = text
            self.line = line
            self.reply = reply
            knownDigest = 0
            if case .state(let snapshot) = reply { state = snapshot.json }
        }

        /// Its reply's digest.
        var digest: UInt64 { reply.map(ReplyDigest.of) ?? knownDigest }

        /// Lets the reply and its state go, keeping the digest.
        mutating func letGo() {
            knownDigest = digest
            reply = nil
            state = nil
        }
    }

    /// The most bytes of states the steps keep; past it the oldest are let go (their digests stay).
    static let stateBudget = 32 << 20
    /// The bytes of states kept, and the first step that may still keep one.
    private var stateBytes = 0
    private var oldestState = 0

    /// Whether steps are kept at all.
    var isKept = false
    private(set) var steps: [Step] = []
    /// How many of ``steps`` are marks of commands that trapped.
    private var trappedCount = 0

    /// How many steps there are, those that trapped not counted.
    var count: Int { steps.count - trappedCount }

    func record(_ text: String, line: Int, reply: Reply) {
        let step = Step(text: text, line: line, reply: reply)
        stateBytes += step.state?.count ?? 0
        steps.append(step)
        while stateBytes > Self.stateBudget, oldestState < steps.count {
            stateBytes -= steps[oldestState].state?.count ?? 0
            steps[oldestState].letGo()
            oldestState += 1
        }
    }

    /// Marks the command on `line` that trapped: listed, never replayed.
    func markTrapped(_ text: String, line: Int) {
        steps.append(Step(text: text, line: line, digest: 0, trapped: true))
        trappedCount += 1
    }

    /// The steps before the last `count` that did something (the marks after them dropped too):
    /// what `undo count` replays.
    static func before(undoing count: Int, of steps: [Step]) -> [Step] {
        var left = count
        var end = steps.count
        while left > 0, end > 0 {
            end -= 1
            if !steps[end].trapped { left -= 1 }
        }
        return Array(steps[..<end])
    }

}

/// `undo` asked for: how many steps back, and the request, which the worker that replays the rest
/// answers.
struct UndoRequest: Sendable {
    var steps: Int
    var tag: RequestTag
}
