import Foundation

/// What a worker started by `undo` replays and answers: the steps before those undone, the `seq`
/// its first line takes, and the `undo` request it answers; handed over in a file and its environment.
package struct ResumePlan: Sendable {
    /// One step to replay: its text, its line, and its reply's digest the first time.
    package struct Step: Sendable, Equatable {
        package var text: String
        package var line: Int
        package var digest: UInt64

        package init(text: String, line: Int, digest: UInt64) {
            self.text = text
            self.line = line
            self.digest = digest
        }
    }

    package var steps: [Step]
    package var seq: Int
    /// The `undo`'s line and `id` (its JSON, if it had one).
    package var line: Int
    package var id: String?
    /// How many requests failed, and how many of them were expectations, before: the exit status goes on from there.
    package var errors = 0
    package var failedExpectations = 0

    package init(steps: [Step], seq: Int, line: Int, id: String?) {
        self.steps = steps
        self.seq = seq
        self.line = line
        self.id = id
    }

    private static let fileVariable = "VMREPL_RESUME"
    private static let seqVariable = "VMREPL_RESUME_SEQ"
    private static let lineVariable = "VMREPL_RESUME_LINE"
    private static let idVariable = "VMREPL_RESUME_ID"
    private static let countsVariable = "VMREPL_RESUME_COUNTS"

    /// Writes the steps to a new file in the temporary folder; the environment a worker reads
    /// the plan from, or why it could not be written.
    package func environment() -> Result<[String: String], WorkerFailure> {
        var text = ""
        for step in steps { text += "\(step.line)\t\(step.digest)\t\(step.text)\n" }
        let path = NSTemporaryDirectory() + "/vmrepl-resume-\(UUID().uuidString)"
        if let problem = AtomicFile.replace(path, with: Array(text.utf8)) { return .failure(WorkerFailure(reason: problem)) }
        var environment = [
            Self.fileVariable: path, Self.seqVariable: String(seq), Self.lineVariable: String(line), Self.countsVariable: "\(errors) \(failedExpectations)",
        ]
        if let id { environment[Self.idVariable] = id }
        return .success(environment)
    }

    /// The plan this process was started with, read (and its file removed); `nil` when there is none.
    package static func fromEnvironment() -> ResumePlan? {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[fileVariable], let seq = environment[seqVariable].flatMap(Int.init),
            let line = environment[lineVariable].flatMap(Int.init), let data = FileManager.default.contents(atPath: path)
        else { return nil }
        try? FileManager.default.removeItem(atPath: path)
        var steps: [Step] = []
        for row in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = row.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3, let number = Int(parts[0]), let digest = UInt64(parts[1]) else { return nil }
            steps.append(Step(text: String(parts[2]), line: number, digest: digest))
        }
        var plan = ResumePlan(steps: steps, seq: seq, line: line, id: environment[idVariable])
        let counts = (environment[countsVariable] ?? "").split(separator: " ").compactMap { Int($0) }
        if counts.count == 2 { (plan.errors, plan.failedExpectations) = (counts[0], counts[1]) }
        return plan
    }
}
