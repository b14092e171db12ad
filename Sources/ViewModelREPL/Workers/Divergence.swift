/// Where a worker's replay stopped repeating the session: the step (from 1, of the steps it
/// replayed) and, where the state it showed the first time was kept, the first path that differed.
///
/// Said on one line, `diverged N` or `diverged N DIFFERENCE`, by the worker to the process that
/// started it, and by a terminal's keeper to the worker that asked for `undo`.
package struct Divergence: Equatable, Sendable {
    package var step: Int
    package var difference: String?

    package init(step: Int, difference: String? = nil) {
        self.step = step
        self.difference = difference
    }

    /// The line that says it, one line whatever the difference holds.
    package var line: String {
        guard let difference else { return "diverged \(step)" }
        return "diverged \(step) " + difference.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// Reads `line`; `nil` when it says something else.
    package init?(line: String) {
        guard line.hasPrefix("diverged ") else { return nil }
        let rest = line.dropFirst("diverged ".count).split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = rest.first, let step = Int(first) else { return nil }
        self.init(step: step, difference: rest.count > 1 ? String(rest[1]) : nil)
    }
}

extension WorkerProcess {
    /// How a worker's quiet replay of a session came out.
    package enum ReplayOutcome: Equatable {
        /// Every step repeated: it answers from here on.
        case ready
        /// A step did not repeat; the worker was ended.
        case diverged(Divergence)
        /// It ended before saying either.
        case ended(Ending)
    }

    /// Waits for a worker replaying a session (``WorkerProgress/Role/resume`` or `terminal`) to
    /// say it is ready or where it diverged (then ends it), or to end; its other lines are passed over.
    package func replayOutcome() -> ReplayOutcome {
        while true {
            switch next(within: nil) {
            case .line("ready"):
                return .ready
            case .line(let line):
                guard let divergence = Divergence(line: line) else { continue }
                kill()
                return .diverged(divergence)
            case .ended(let ending):
                return .ended(ending)
            case .timedOut:
                continue
            }
        }
    }
}
