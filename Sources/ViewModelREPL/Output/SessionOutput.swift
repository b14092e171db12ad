/// The one ordered stream of a session's output: every reply and push goes through ``emit(_:tag:push:)``,
/// which stamps it with its `seq` and, in diff mode, its patch, and hands it to the consumer.
///
/// It is the only place that counts lines and the only place output settings change: the
/// acknowledgement of `set states` or `set output` takes effect as it is emitted, so the lines
/// after it, and only those, follow the new setting. Sessions that follow one another on one
/// output (the scripts of `vmrepl run`) share one stream, so `seq` keeps counting across them.
@MainActor
package final class SessionOutput {
    private let consumer: any OutputConsumer
    /// The trace kept of the session (`--trace`), told what only the session knows: each request's text.
    package let trace: TraceRecorder?
    /// The settings now.
    @exclusivity(unchecked) package private(set) var settings: OutputSettings
    /// The `seq` the next value gets.
    @exclusivity(unchecked) package private(set) var nextSeq = 0
    /// Whether nothing is written and no `seq` taken: a replay that repeats the steps of a session
    /// another process answered already (`undo`).
    @exclusivity(unchecked) package var isQuiet = false
    /// In diff mode, the state last written for each screen, as its line carried it, and that line's `seq`.
    @exclusivity(unchecked) private var shown: [String: (state: [UInt8], seq: Int)] = [:]

    package init(consumer: any OutputConsumer, settings: OutputSettings = OutputSettings()) {
        self.consumer = consumer
        self.settings = settings
        trace = consumer.trace
    }

    /// Goes on counting from `seq`, the next line another process owed on this output.
    package func resume(at seq: Int) {
        nextSeq = seq
        EmergencyFlush.noteNextSeq(seq)
    }

    /// Whether the reader of the output went away.
    package var isClosed: Bool { consumer.isClosed }

    /// Stamps `reply` and hands it to the consumer; `tag` names its request, `push` marks a line
    /// the request caused later.
    package func emit(_ reply: Reply, tag: RequestTag?, push: Bool) {
        if isQuiet {
            // Not written, but a `set` replayed still sets.
            if case .ok(let acknowledgement) = reply { apply(acknowledgement.change) }
            return
        }
        var value = OutputValue(seq: nextSeq, reply: reply, tag: tag, push: push)
        nextSeq += 1
        // The seq an error line answering a crash would take (one store).
        EmergencyFlush.noteNextSeq(nextSeq)
        switch reply {
        case .state(let snapshot):
            if settings.states == .diff { value.patch = patch(for: snapshot, seq: value.seq) }
        case .ok(let acknowledgement):
            apply(acknowledgement.change)
        default:
            break
        }
        consumer.consume(value, settings: settings)
    }

    /// Writes what is buffered.
    package func flush() {
        consumer.flush()
    }

    /// A state line's patch against the screen's last state line, and remembers this one. A state
    /// the reader saw another way (the human view) is forgotten, so the next line is whole.
    private func patch(for snapshot: StateSnapshot, seq: Int) -> OutputValue.Patch? {
        guard settings.showsProtocolLines else {
            shown[snapshot.screen] = nil
            return nil
        }
        defer { shown[snapshot.screen] = (snapshot.json, seq) }
        // The state's own bytes are what a whole line would carry; a patch is taken from them,
        // reading only the parts whose bytes changed.
        guard !snapshot.isWhole, let previous = shown[snapshot.screen], let operations = JSONTextDiff.diff(from: previous.state, to: snapshot.json) else {
            return nil
        }
        return OutputValue.Patch(base: previous.seq, operations: JSONPatch.json(operations))
    }

    /// Applies a setting a command changed.
    private func apply(_ change: (any AcknowledgedChange)?) {
        switch (change as? SetCommand.Applied)?.setting {
        case .states(let rendering)?:
            settings.states = rendering
            shown.removeAll()
        case .output(let mode)?:
            settings.mode = mode
        default:
            break
        }
    }
}
