import CLibEdit
import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemRead = Glibc.read
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemRead = Darwin.read
    private let systemWrite = Darwin.write
#endif

/// A line editor on libedit: a prompt, emacs key bindings, history kept in a file, tab completion,
/// and lines printed above the prompt while the user is typing.
///
/// `readLine()` runs on one thread (the editor's); `show(_:)`, `interrupt()` and `setPrompt(_:)` may
/// be called from any other. Output that arrives while a line is being edited is printed above it
/// and the half-typed line is redrawn intact: the editor's own character reader waits on both the
/// terminal and a wake-up pipe, so all drawing happens on the editor's thread.
package final class LineEditor: @unchecked Sendable {
    /// Returns the words that may complete the word under the cursor, given the line up to it.
    package typealias Completer = @Sendable (_ lineBeforeCursor: String) -> [String]

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyPath: String?
    /// The most entries kept, in memory and in the file.
    private let historySize: Int
    private let completer: Completer
    private let input: Int32
    private let output: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private var assembler = UTF8Assembler()
    /// Scalars decoded but not yet handed to libedit (a broken sequence yields two at once).
    private var decoded: [Unicode.Scalar] = []
    private var promptBuffer: UnsafeMutablePointer<CChar>

    /// Guards `pending`, `interrupted` and `nextPrompt`, which other threads set.
    fileprivate let lock = NSLock()
    fileprivate var pending: [String] = []
    private var interrupted = false
    private var nextPrompt: String

    /// A problem with the history file, worded for stderr; `nil` when history works.
    package private(set) var historyProblem: String?

    /// Creates an editor on the process's terminal.
    /// - Parameters:
    ///   - prompt: The first prompt; `\u{1}` brackets characters that take no room (colour codes).
    ///   - historyPath: Where history is kept (created with mode 0600), or `nil` for none.
    ///   - historySize: The most entries kept.
    ///   - completer: The words that may complete the word under the cursor.
    package init(prompt: String, historyPath: String?, historySize: Int = 1000, completer: @escaping Completer) {
        setlocale(LC_CTYPE, "")
        if !String(cString: setlocale(LC_CTYPE, nil)).lowercased().contains("utf") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        input = STDIN_FILENO
        output = STDOUT_FILENO
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        wakeRead = fds[0]
        wakeWrite = fds[1]
        _ = fcntl(wakeRead, F_SETFL, fcntl(wakeRead, F_GETFL) | O_NONBLOCK)
        self.completer = completer
        self.historyPath = historyPath
        self.historySize = historySize
        nextPrompt = prompt
        promptBuffer = strdup(prompt)
        // Streams of libedit's own over the same descriptors: the C globals are not safe to touch from Swift 6.
        editLine = el_init(CommandLine.arguments.first ?? "vmrepl", fdopen(STDIN_FILENO, "r"), fdopen(STDOUT_FILENO, "w"), fdopen(STDERR_FILENO, "w"))
        history = history_init()
        clibedit_history_set_size(history, Int32(historySize))
        clibedit_history_set_unique(history, 1)
        clibedit_set_clientdata(editLine, Unmanaged.passUnretained(self).toOpaque())
        clibedit_set_editor(editLine, "emacs")
        clibedit_set_signal(editLine, 0)
        clibedit_set_prompt_esc(editLine, promptCallback, 1)
        clibedit_set_history(editLine, history)
        clibedit_set_getcfn(editLine, readCallback)
        clibedit_add_function(editLine, "vmrepl-complete", "complete the word under the cursor", completeCallback)
        clibedit_bind(editLine, "^I", "vmrepl-complete")
        // Read ~/.editrc, so people keep their own bindings.
        el_source(editLine, nil)
        loadHistory()
    }

    deinit {
        el_end(editLine)
        history_end(history)
        free(promptBuffer)
        close(wakeRead)
        close(wakeWrite)
    }

    // MARK: The editor's thread

    /// Reads one line; `nil` at end of input (Ctrl-D on an empty line).
    package func readLine() -> String? {
        applyPrompt()
        printPending(redraw: false)
        var count: Int32 = 0
        guard let text = el_gets(editLine, &count), count > 0 else {
            // Ctrl-D on an empty line: end the prompt's line, so what the shell prints next starts its own.
            write("\n")
            return nil
        }
        var line = String(cString: text)
        if line.hasSuffix("\n") { line.removeLast() }
        // History keeps the line without the blank completion leaves after the last word.
        var entry = line
        while entry.last == " " || entry.last == "\t" { entry.removeLast() }
        if !entry.isEmpty { remember(entry) }
        return line
    }

    /// Prints what other threads queued; `true` when the user interrupted meanwhile.
    @discardableResult
    private func printPending(redraw: Bool) -> Bool {
        let (lines, wasInterrupted): ([String], Bool) = lock.withLock {
            defer {
                pending.removeAll()
                interrupted = false
            }
            return (pending, interrupted)
        }
        if !lines.isEmpty {
            write(redraw ? "\r\u{1B}[K" + lines.joined() : lines.joined())
            if redraw {
                applyPrompt()
                clibedit_refresh(editLine)
            }
        }
        return wasInterrupted
    }

    private func applyPrompt() {
        let prompt = lock.withLock { nextPrompt }
        if strcmp(promptBuffer, prompt) != 0 {
            free(promptBuffer)
            promptBuffer = strdup(prompt)
        }
    }

    fileprivate var prompt: UnsafeMutablePointer<CChar> { promptBuffer }

    /// libedit's character reader: waits on the terminal and the wake-up pipe.
    fileprivate func readCharacter(into character: UnsafeMutablePointer<wchar_t>) -> Int32 {
        while true {
            if !decoded.isEmpty {
                character.pointee = wchar_t(decoded.removeFirst().value)
                return 1
            }
            var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                return -1
            }
            if fds[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 64)
                while systemRead(wakeRead, &drain, drain.count) > 0 {}
                if printPending(redraw: true) {
                    // Ctrl-U: libedit's emacs binding that clears the whole line.
                    character.pointee = 0x15
                    return 1
                }
            }
            guard fds[0].revents != 0 else { continue }
            var byte: UInt8 = 0
            let count = systemRead(input, &byte, 1)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { return count == 0 ? 0 : -1 }
            decoded = assembler.feed(byte)
        }
    }

    /// Completes the word under the cursor.
    fileprivate func complete() -> UInt8 {
        guard let info = el_line(editLine) else { return UInt8(CC_ERROR) }
        let start = UnsafeRawPointer(info.pointee.buffer!)
        let length = UnsafeRawPointer(info.pointee.cursor!) - start
        let before = String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self)
        let prefix = String(before.reversed().prefix { $0 != " " }.reversed())
        let candidates = completer(before)
        let (text, ambiguous) = Completion.insertion(for: prefix, candidates: candidates)
        if !text.isEmpty {
            el_insertstr(editLine, text)
            return UInt8(CC_REFRESH)
        }
        if ambiguous {
            let matches = candidates.filter { $0.hasPrefix(prefix) }
            write("\n" + matches.joined(separator: "  ") + "\n")
            return UInt8(CC_REDISPLAY)
        }
        return UInt8(CC_REFRESH_BEEP)
    }

    // MARK: Any thread

    /// Prints `text` (whole lines, each ending in a newline) above the line being edited.
    package func show(_ text: String) {
        lock.withLock { pending.append(text) }
        wake()
    }

    /// Clears the line being edited, as Ctrl-C does in a shell.
    package func interrupt() {
        lock.withLock { interrupted = true }
        wake()
    }

    /// Sets the prompt shown from the next line on (and redrawn at once while editing).
    package func setPrompt(_ prompt: String) {
        lock.withLock { nextPrompt = prompt }
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = systemWrite(wakeWrite, &byte, 1)
    }

    fileprivate func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { systemWrite(output, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
        bytes.removeAll()
    }

    // MARK: History

    private func loadHistory() {
        guard let historyPath else { return }
        let directory = (historyPath as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            historyProblem = "cannot create \(directory): \(error.localizedDescription)"
            return
        }
        if FileManager.default.fileExists(atPath: historyPath) {
            if let size = (try? FileManager.default.attributesOfItem(atPath: historyPath))?[.size] as? Int, size > 16 << 20 {
                historyProblem = "\(historyPath) is larger than 16 MiB; not read"
                return
            }
            if clibedit_history_load(history, historyPath) < 0 {
                historyProblem = "\(historyPath) could not be read as a history file"
            }
        }
    }

    private func remember(_ line: String) {
        clibedit_history_enter(history, line)
        guard let historyPath, historyProblem == nil else { return }
        historyProblem = HistoryFile(path: historyPath, size: historySize).append(line)
    }
}

private func editor(_ editLine: OpaquePointer?) -> LineEditor? {
    guard let editLine, let data = clibedit_get_clientdata(editLine) else { return nil }
    return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
}

private let promptCallback: clibedit_prompt_fn = { editLine in
    editor(editLine)?.prompt
}

private let readCallback: el_rfunc_t = { editLine, character in
    guard let editor = editor(editLine), let character else { return -1 }
    return editor.readCharacter(into: character)
}

private let completeCallback: clibedit_command_fn = { editLine, _ in
    editor(editLine)?.complete() ?? UInt8(CC_ERROR)
}

extension LineEditor {
    /// Prints what is queued without redrawing a prompt: for the end of a session, when no line is edited.
    package func flushForExit() {
        let lines: [String] = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        write(lines.joined())
    }
}
