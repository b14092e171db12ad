#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A terminal session's side of the process that keeps it (``TerminalKeeper``): it tells the keeper
/// each command it runs and each step it keeps (``WorkerProgress``, descriptor 3), and reads the
/// keeper's word on descriptor 4 where it waits for one (an `undo`, or its turn at the terminal).
@MainActor
package final class KeeperLink {
    /// What the keeper said of an `undo`.
    package enum Verdict: Equatable {
        /// A fresh worker repeated the steps before and takes the terminal: this process ends now.
        case gone
        /// The fresh worker's replay did not repeat a step.
        case diverged(Divergence)
        /// No fresh worker could be started, or the keeper is gone: why.
        case failed(String)
    }

    /// The descriptor the keeper's words come on.
    package static let controlDescriptor: Int32 = 4

    let progress = WorkerProgress()
    private var pending: [UInt8] = []

    package init() {
        _ = fcntl(Self.controlDescriptor, F_SETFD, FD_CLOEXEC)
    }

    /// The command on `line` runs now.
    func trying(_ text: String, line: Int, seq: Int) { progress.trying(text, line: line, seq: seq) }

    /// The command finished; the session's next line takes `seq`.
    package func done(seq: Int) { progress.done(seq: seq) }

    /// A step was kept in the history.
    func kept(_ step: SessionHistory.Step) { progress.kept(step) }

    /// Asks the keeper to go back `steps` steps for the `undo` on `line`, and waits for its word.
    func undo(_ steps: Int, line: Int, seq: Int) -> Verdict {
        progress.undo(steps, line: line, seq: seq)
        guard let word = nextWord() else { return .failed(Messages.keeperGone) }
        if word == "gone" { return .gone }
        if let divergence = Divergence(line: word) { return .diverged(divergence) }
        return .failed(word.hasPrefix("failed ") ? String(word.dropFirst("failed ".count)) : word)
    }

    /// Waits for the keeper to say this worker's turn at the terminal has come; `false` when it never will.
    package func awaitTurn() -> Bool {
        nextWord() == "go"
    }

    /// The keeper's next line, without its newline; `nil` once it is gone.
    private func nextWord() -> String? {
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                defer { pending.removeSubrange(...newline) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            let count = read(Self.controlDescriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }
}
