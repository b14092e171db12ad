/// The one loop every kind of session runs: take lines, handle each, let the mode act between
/// them, and finish what is in flight at the end.
///
/// A mode (pipe, terminal, script, transcript) is a ``Policy``: where its batches of lines come from
/// is the caller's, what happens before and after a line and after a batch is the policy's.
@MainActor
package enum SessionLoop {
    /// What a mode does between lines.
    package struct Policy {
        /// Before a line of text is handled (a paced demo echoes it and pauses).
        package var beforeLine: (@MainActor (String) async -> Void)?
        /// After a line is handled, with its reply; `false` stops reading.
        package var afterLine: (@MainActor (InputLine, Reply?) async -> Bool)?
        /// After every line of a batch is handled.
        package var afterBatch: @MainActor () -> Void = {}

        package init() {}
    }

    /// Runs `session` over `batches` until they end, `quit`, the reader of the output leaves, or
    /// the policy stops; then finishes what is in flight.
    package static func run(_ session: Session, batches: some AsyncSequence<[InputLine], Never>, policy: Policy) async {
        var iterator = batches.makeAsyncIterator()
        await run(session, next: { await iterator.next(isolation: #isolation) }, policy: policy)
    }

    /// Runs `session` over the batches `next` returns until it returns `nil`, `quit`, the reader
    /// of the output leaves, or the policy stops; then finishes what is in flight. When the
    /// session handed over to a worker (`undo`), nothing is finished here, and the lines of the
    /// batch after the one that did it are returned, for the worker.
    @discardableResult
    package static func run(_ session: Session, next: () async -> [InputLine]?, policy: Policy) async -> ArraySlice<InputLine> {
        reading: while let batch = await next() {
            // By index: a line is read in place instead of copied out of the batch.
            for index in batch.indices {
                if let beforeLine = policy.beforeLine, case .text(let text) = batch[index].content { await beforeLine(text) }
                let reply = await handle(batch[index], in: session)
                if session.handedOver != nil { return batch[(index + 1)...] }
                if let afterLine = policy.afterLine, !(await afterLine(batch[index], reply)) { break reading }
                if session.quitRequested || session.isClosed { break reading }
            }
            policy.afterBatch()
            if session.isClosed { break }
        }
        await session.finish()
        return []
    }

    /// Handles one line: its reply, `nil` for a blank line or a comment.
    package static func handle(_ line: InputLine, in session: Session) async -> Reply? {
        switch line.content {
        case .text(let text):
            // Most lines need no time: handled without an asynchronous call.
            switch session.handleImmediately(line: text, number: line.number) {
            case .handled(let handled, let settle):
                if settle { await session.settle() }
                return handled
            case .takesTime(let parsed):
                return await session.handle(parsed, text: text, number: line.number)
            }
        case .rejected(let error):
            session.reject(error, line: line.number)
            return .error(error)
        }
    }

    /// The lines as one batch, for input read whole (scripts, transcripts).
    package static func oneBatch(_ lines: [InputLine]) -> AsyncStream<[InputLine]> {
        AsyncStream { continuation in
            continuation.yield(lines)
            continuation.finish()
        }
    }
}
