import Dispatch
import Foundation
import LineEditor

/// A session for a person at a terminal: line editing, history, completion, colour, and output
/// that arrives while typing printed above the prompt.
///
/// Ctrl-C cancels the loads in flight, or else clears the line; it never ends the session.
/// Ctrl-D on an empty line ends it, like `quit`.
@MainActor
package final class InteractiveSession {
    private let registry: ScreenRegistry
    private let options: Evaluator.Options
    private let colour: Bool
    private let historyPath: String?
    private let report: (String) -> Void
    /// The trace and step the session opens at (`--from`).
    private let start: TraceStart?
    /// The process keeping the session (``TerminalKeeper``), when this is its worker, and the
    /// steps to replay before answering, when a trap or an `undo` started this one.
    private let keeper: KeeperLink?
    private let plan: ResumePlan?
    /// The trace kept of the session (`--trace`), beside what the terminal shows.
    package var trace: TraceRecorder?

    /// - Parameter options: How the session is set up; its output mode is the one shown first
    ///   (the human view when none is given).
    package init(
        registry: ScreenRegistry, options: Evaluator.Options, colour: Bool, historyPath: String?, opening start: TraceStart? = nil,
        keeper: KeeperLink? = nil, resuming plan: ResumePlan? = nil, report: @escaping (String) -> Void
    ) {
        self.start = start
        self.keeper = keeper
        self.plan = plan
        var options = options
        if options.output.mode == nil { options.output.mode = .human }
        self.registry = registry
        self.options = options
        self.colour = colour
        self.historyPath = historyPath
        self.report = report
    }

    package func run() async -> ExitStatus {
        let completions = CompletionBox()
        let editor = LineEditor(prompt: Prompt.text(nil, colour: colour), historyPath: historyPath) { completions.context.candidates(before: $0) }
        if let problem = editor.historyProblem { report("vmrepl: history: \(problem)") }
        let renderer = TerminalRenderer(colour: colour) { editor.show($0) }
        let session = Session(registry: registry, options: options, consumer: trace.map { OutputTee(renderer, trace: $0) } ?? renderer)
        session.keeper = keeper
        completions.context = CompletionContext(session.evaluator)

        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupts.setEventHandler {
            MainActor.assumeIsolated {
                let cancelled = session.interruptLoads()
                if !cancelled.isEmpty {
                    session.flush()
                    // The state pushed back reads like any other change: say it was Ctrl-C's doing.
                    editor.show(Messages.cancelledByInterrupt(cancelled) + "\n")
                } else {
                    editor.interrupt()
                }
            }
        }
        interrupts.resume()
        defer { interrupts.cancel() }

        let reader = EditorReader(editor: editor, after: plan?.line ?? 0)
        if let plan, let keeper {
            // Quietly, then the state there, once the worker this one replaces let go of the terminal.
            guard await session.replay(plan, beforeAnswering: { _ = keeper.awaitTurn() }) else { return .requestFailed }
        } else if let start {
            if let problem = await session.open(from: start) {
                report("vmrepl: \(problem)")
                return .requestFailed
            }
        }
        // Where a replay left the session: its screen in the prompt, its events completed.
        editor.setPrompt(Prompt.text(session.evaluator.current.map { ($0.name, $0.host.kind) }, colour: colour))
        completions.context = CompletionContext(session.evaluator)
        if plan == nil { session.start() }
        if let start, plan == nil {
            // Where the session stands: the trace's step, and the screen as it is there.
            editor.show(Messages.openedFrom(start.file, step: start.step) + "\n")
            session.showState()
        }
        session.flush()
        var policy = SessionLoop.Policy()
        policy.beforeLine = { renderer.input = $0 }
        policy.afterLine = { [colour, keeper] _, _ in
            session.flush()
            keeper?.done(seq: session.output.nextSeq)
            completions.context = CompletionContext(session.evaluator)
            editor.setPrompt(Prompt.text(session.evaluator.current.map { ($0.name, $0.host.kind) }, colour: colour))
            if !session.quitRequested { reader.lineHandled() }
            return true
        }
        await SessionLoop.run(session, batches: reader.lines(), policy: policy)
        reader.finish()
        return .success
    }
}

/// The completion context, read by the editor's thread while the main actor replaces it.
private final class CompletionBox: @unchecked Sendable {
    /// Guards `stored`.
    private let lock = NSLock()
    private var stored = CompletionContext()

    var context: CompletionContext {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Runs the editor on its own thread and hands each line to the main actor, one at a time.
private final class EditorReader: Sendable {
    private let editor: LineEditor
    private let handled = DispatchSemaphore(value: 0)
    /// Guards nothing shared: `finish` only signals.
    /// The number of the line before the first read.
    private let first: Int

    init(editor: LineEditor, after line: Int) {
        self.editor = editor
        first = line
    }

    /// The lines typed, each a batch of its own, numbered from 1; they end at Ctrl-D on an empty line.
    func lines() -> AsyncStream<[InputLine]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [InputLine].self)
        Thread { [editor, handled, first] in
            var number = first
            while let line = editor.readLine() {
                number += 1
                continuation.yield([InputLine(number: number, content: .text(line))])
                handled.wait()
            }
            continuation.finish()
        }.start()
        return stream
    }

    /// Lets the editor show the prompt again.
    func lineHandled() { handled.signal() }

    /// Prints what is still queued, once the session is over.
    func finish() { editor.flushForExit() }
}
