import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a worker started by `undo` replays and answers: the steps before those undone, the `seq`
/// its first line takes, and the `undo` request it answers; handed over in a file and its environment.
package struct ResumePlan: Sendable {
    /// One step to replay: its text, its line, and its reply's digest the first time; or a
    /// command that trapped, marked in the history and not replayed.
    package struct Step: Sendable, Equatable {
        package var text: String
        package var line: Int
        package var digest: UInt64
        package var trapped = false
        /// The state its reply showed the first time, where it was kept.
        package var state: [UInt8]?

        package init(text: String, line: Int, digest: UInt64, trapped: Bool = false, state: [UInt8]? = nil) {
            self.text = text
            self.line = line
            self.digest = digest
            self.trapped = trapped
            self.state = state
        }

        init(_ step: SessionHistory.Step) {
            self.init(text: step.text, line: step.line, digest: step.digest, trapped: step.trapped, state: step.state)
        }
    }

    /// A mark's digest field in the plan's file.
    private static let trappedField = "trapped"

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

    /// Writes the steps to a new file in the temporary folder, readable by this user alone; the
    /// file, to remove once the worker has read it, and the environment a worker reads the plan
    /// from (every variable set, so none is left from a plan before); or why it could not be written.
    package func environment() -> Result<(file: String, variables: [String: String]), WorkerFailure> {
        // A row a step: its line, its digest (or the mark of a trap), its state's JSON (one line,
        // no tab: JSON escapes both) or `-`, and its text, which may hold tabs, last.
        var text: [UInt8] = []
        for step in steps {
            text += "\(step.line)\t\(step.trapped ? Self.trappedField : String(step.digest))\t".utf8
            text += step.state ?? Array("-".utf8)
            text += "\t\(step.text)\n".utf8
        }
        var template = Array((NSTemporaryDirectory() + "/vmrepl-resume-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return .failure(WorkerFailure(errno)) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let written = DescriptorWriter.writeAll(text, to: fd)
        close(fd)
        guard written else {
            unlink(path)
            return .failure(WorkerFailure(EIO))
        }
        let variables = [
            Self.fileVariable: path, Self.seqVariable: String(seq), Self.lineVariable: String(line), Self.countsVariable: "\(errors) \(failedExpectations)",
            Self.idVariable: id ?? "",
        ]
        return .success((path, variables))
    }

    /// Whether this process was started with a plan (a worker `undo` or a trap started).
    package static var isGiven: Bool { ProcessInfo.processInfo.environment[fileVariable] != nil }

    /// The plan this process was started with, read (and its file removed); `nil` when there is none.
    package static func fromEnvironment() -> ResumePlan? {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment[fileVariable], let seq = environment[seqVariable].flatMap(Int.init),
            let line = environment[lineVariable].flatMap(Int.init), let data = FileManager.default.contents(atPath: path)
        else { return nil }
        try? FileManager.default.removeItem(atPath: path)
        var steps: [Step] = []
        // Rows split as bytes: a text ending in a carriage return stays one row.
        for bytes in [UInt8](data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            let row = String(decoding: bytes, as: UTF8.self)
            let parts = row.split(separator: "\t", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let number = Int(parts[0]) else { return nil }
            let trapped = parts[1] == trappedField
            guard let digest = trapped ? 0 : UInt64(parts[1]) else { return nil }
            let state = parts[2] == "-" ? nil : Array(parts[2].utf8)
            steps.append(Step(text: String(parts[3]), line: number, digest: digest, trapped: trapped, state: state))
        }
        let id = environment[idVariable].flatMap { $0.isEmpty ? nil : $0 }
        var plan = ResumePlan(steps: steps, seq: seq, line: line, id: id)
        let counts = (environment[countsVariable] ?? "").split(separator: " ").compactMap { Int($0) }
        if counts.count == 2 { (plan.errors, plan.failedExpectations) = (counts[0], counts[1]) }
        return plan
    }
}
