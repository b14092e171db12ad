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
        package var afterLine: @MainActor (InputLine, Reply?) async -> Bool = { _, _ in true }
        /// After every line of a batch is handled.
        package var afterBatch: @MainActor () -> Void = {}

        package init() {}
    }

    /// Runs `session` over `batches` until they end, `quit`, the reader of the output leaves, or
    /// the policy stops; then finishes what is in flight.
    package static func run(_ session: Session, batches: some AsyncSequence<[InputLine], Never>, policy: Policy) async {
        reading: for await batch in batches {
            for line in batch {
                if let beforeLine = policy.beforeLine, case .text(let text) = line.content { await beforeLine(text) }
                let reply = await session.handle(line)
                let goOn = await policy.afterLine(line, reply)
                if !goOn || session.quitRequested || session.isClosed { break reading }
            }
            policy.afterBatch()
            if session.isClosed { break }
        }
        await session.finish()
    }

    /// The lines as one batch, for input read whole (scripts, transcripts).
    package static func oneBatch(_ lines: [InputLine]) -> AsyncStream<[InputLine]> {
        AsyncStream { continuation in
            continuation.yield(lines)
            continuation.finish()
        }
    }
}
