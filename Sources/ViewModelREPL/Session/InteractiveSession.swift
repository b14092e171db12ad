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
    private let options: Interpreter.Options
    private let colour: Bool
    private let historyPath: String?
    private let report: (String) -> Void

    package init(registry: ScreenRegistry, options: Interpreter.Options, colour: Bool, historyPath: String?, report: @escaping (String) -> Void) {
        self.registry = registry
        self.options = options
        self.colour = colour
        self.historyPath = historyPath
        self.report = report
    }

    package func run() async -> ExitStatus {
        let completions = CompletionBox()
        let editor = LineEditor(prompt: prompt(nil), historyPath: historyPath) { completions.context.candidates(before: $0) }
        if let problem = editor.historyProblem { report("vmrepl: history: \(problem)") }
        var formatter = JSONHighlighter(colour: colour)
        let output = OutputChannel { bytes in
            editor.show(formatter.format(bytes))
            return true
        }
        let interpreter = Interpreter(registry: registry, output: output, options: options)
        interpreter.outputStyleHandler = { formatter.style = $0 }
        completions.context = interpreter.completionContext()

        signal(SIGINT, SIG_IGN)
        let interrupts = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupts.setEventHandler {
            MainActor.assumeIsolated {
                if interpreter.cancelAllLoads() {
                    interpreter.emitPushes()
                    output.flush()
                } else {
                    editor.interrupt()
                }
            }
        }
        interrupts.resume()
        defer { interrupts.cancel() }

        let reader = EditorReader(editor: editor)
        interpreter.start()
        output.flush()
        var number = 0
        for await line in reader.lines() {
            guard let line else { break }
            number += 1
            await interpreter.handle(line: line, number: number)
            output.flush()
            completions.context = interpreter.completionContext()
            editor.setPrompt(prompt(interpreter.promptParts))
            if interpreter.quitRequested { break }
            reader.lineHandled()
        }
        await interpreter.finish()
        output.flush()
        reader.finish()
        return .success
    }

    /// `foo> `, `foo(preview)> `, or `vmrepl> ` before any screen; colour codes bracketed by \u{1}.
    private func prompt(_ parts: (screen: String, model: ModelKind)?) -> String {
        func paint(_ text: String, _ code: String) -> String {
            colour ? "\u{1}\u{1B}[\(code)m\u{1}\(text)\u{1}\u{1B}[0m\u{1}" : text
        }
        guard let parts else { return paint("vmrepl", "1") + "> " }
        let model = parts.model == .preview ? paint("(preview)", "33") : ""
        return paint(parts.screen, "36") + model + "> "
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
    init(editor: LineEditor) { self.editor = editor }

    /// The lines typed; `nil` at Ctrl-D on an empty line.
    func lines() -> AsyncStream<String?> {
        let (stream, continuation) = AsyncStream.makeStream(of: String?.self)
        Thread { [editor, handled] in
            while true {
                let line = editor.readLine()
                continuation.yield(line)
                if line == nil { break }
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
