import Foundation
import TestSupport
import Testing

/// vmrepl running in a real terminal: a tmux server of its own, keys sent with `send-keys`, the
/// screen read with `capture-pane`.
final class TerminalSession {
    let socket = "vmrepl-test-\(UUID().uuidString.prefix(8))"
    let stateHome: URL

    /// Starts vmrepl in a `columns`×40 terminal (160 wide unless told) with `environment` (history
    /// goes to a fresh folder).
    /// With `markingTheEnd`, a shell runs vmrepl and then prints `[ended]` where the terminal's
    /// cursor is, and keeps the pane open (reading input), so the screen after the end can be read.
    init(
        arguments: [String] = [], environment: [String: String] = [:], stateHome: URL? = nil, columns: Int = 160, markingTheEnd: Bool = false,
        binary: URL = VMReplProcess.binaryURL
    ) throws {
        self.stateHome = stateHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-state-\(UUID().uuidString)")
        var variables = ["XDG_STATE_HOME": self.stateHome.path, "TERM": "xterm-256color", "LANG": "C.UTF-8"]
        variables.merge(environment) { $1 }
        let command = (["env", "-u", "NO_COLOR"] + variables.map { "\($0)=\($1)" } + [binary.path] + arguments)
            .map { "'\($0)'" }.joined(separator: " ")
        let shown = markingTheEnd ? "sh -c \"\(command); printf '[ended]'; exec cat\"" : command
        // The server tmux starts keeps its descriptors, so this command's output is not read.
        try tmux(["new-session", "-d", "-x", String(columns), "-y", "40", shown], capture: false)
    }

    deinit {
        _ = try? tmux(["kill-server"], capture: false)
    }

    /// Types `keys` (tmux key names such as `Enter`, `Tab`, `C-c`, `Up`, or literal text).
    func send(_ keys: String...) throws {
        try tmux(["send-keys"] + keys)
    }

    /// Types `text` and presses Enter.
    func enter(_ text: String) throws {
        try type(text)
        try send("Enter")
    }

    /// Waits for vmrepl's first prompt.
    func waitForStart() async throws {
        try await waitFor("the prompt") { $0.contains { $0.hasPrefix("vmrepl>") } }
    }

    /// Types `text` literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-l", text])
    }

    /// The visible screen, lines without trailing blanks; with `escapes`, colour codes kept.
    func screen(escapes: Bool = false) throws -> [String] {
        let text = try tmux(["capture-pane", "-p", "-J"] + (escapes ? ["-e"] : []))
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
            .filter { !$0.isEmpty }
    }

    /// Polls the screen until `condition` holds; fails the test after `seconds`.
    @discardableResult
    func waitFor(_ what: String, seconds: Double = 10, escapes: Bool = false, _ condition: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let lines = try screen(escapes: escapes)
            if condition(lines) { return lines }
            if Date() > deadline {
                Issue.record("timed out waiting for \(what); the screen:\n\(lines.joined(separator: "\n"))")
                return lines
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Polls until the session's process has ended; fails the test after `seconds`.
    func waitUntilEnded(seconds: Double = 10) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !hasEnded() {
            if Date() > deadline {
                Issue.record("vmrepl did not end")
                return
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Kills vmrepl with SIGKILL: nothing it would do on the way out happens.
    func killProcess() throws {
        let pid = try tmux(["list-panes", "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = Int32(pid) else { throw ProtocolViolation("no pane pid in '\(pid)'") }
        Foundation.kill(pid, SIGKILL)
    }

    /// Whether the session's process has ended (tmux closes the window with it).
    func hasEnded() -> Bool {
        (try? tmux(["has-session"])) == nil
    }

    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let result = try Subprocess.run(["tmux", "-L", socket, "-f", "/dev/null"] + arguments, capture: capture)
        guard result.status == 0 else { throw ProtocolViolation("tmux \(arguments.first ?? "") failed") }
        return result.output
    }
}
