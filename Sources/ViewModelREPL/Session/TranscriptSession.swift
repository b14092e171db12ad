import Foundation

/// `vmrepl test FILE…`: replays each transcript in a fresh session on virtual time and compares
/// every command's output with the lines the file expects, member by member (whole lines with
/// `--strict`); `--update` rewrites the expected lines that differ and keeps the rest as written.
@MainActor
package final class TranscriptSession {
    private let registry: ScreenRegistry
    private let options: Evaluator.Options
    private let update: Bool
    /// Whether lines must match whole, new members included.
    private let strict: Bool
    private let report: (String) -> Void
    /// Told of each block that differed with the transcript's path and the command's line.
    package var onFailure: ((_ path: String, _ line: Int, _ message: String) -> Void)?
    /// Where a JUnit report goes, if anywhere.
    private let junitPath: String?
    /// The failures of the transcript being checked, for the JUnit report.
    private var failures: [String] = []
    /// The trace kept of the replayed sessions (`--trace`), one after another.
    package var trace: TraceRecorder?

    package init(
        registry: ScreenRegistry, options: Evaluator.Options, update: Bool, strict: Bool = false, junitPath: String? = nil,
        report: @escaping (String) -> Void
    ) {
        self.strict = strict
        self.junitPath = junitPath
        self.registry = registry
        self.options = options
        self.update = update
        self.report = report
    }

    /// Runs every transcript; returns `expectationFailed` when one differed.
    package func run(_ paths: [String]) async -> ExitStatus {
        var passed = 0
        var failed = 0
        var unreadable = false
        var junit = JUnitReport(suite: "vmrepl test")
        for path in paths {
            let start = ContinuousClock.now
            failures = []
            defer { junit.cases.append(.init(name: path, seconds: DurationText.seconds(start.duration(to: .now)), failures: failures)) }
            let bytes: [UInt8]
            do {
                bytes = try ScriptFile.read(path)
            } catch {
                fail("vmrepl: \(error.path): \(error.reason)")
                unreadable = true
                continue
            }
            let transcript = Self.transcript(bytes)
            guard transcript.problems.isEmpty else {
                // A transcript that does not read is not run: what it leaves out would pass unseen.
                for problem in transcript.problems { fail("\(path):\(problem.line): \(problem.message)") }
                unreadable = true
                failed += 1
                continue
            }
            if await check(path, transcript) { passed += 1 } else { failed += 1 }
        }
        report(Messages.transcriptSummary(passed: passed, failed: failed, updated: update))
        if let junitPath, let problem = junit.write(to: junitPath) {
            report("vmrepl: \(junitPath): \(problem)")
            unreadable = true
        }
        if unreadable { return .requestFailed }
        return failed > 0 ? .expectationFailed : .success
    }

    /// Reports a failure, and keeps it for the JUnit report.
    private func fail(_ text: String) {
        report(text)
        failures.append(text)
    }

    /// A transcript file's bytes, parsed.
    private static func transcript(_ bytes: [UInt8]) -> Transcript {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.hasSuffix("\r") ? $0.dropLast() : $0) }
        if lines.last == "" { lines.removeLast() }
        return Transcript(lines: lines)
    }

    /// Checks one transcript; `true` when it matched (or was updated).
    private func check(_ path: String, _ transcript: Transcript) async -> Bool {
        let outputs = await replay(transcript.blocks)
        if update {
            // A line that still matches stays as written; only what differs is replaced.
            let merged = zip(transcript.blocks, outputs).map { block, actual in
                guard block.expected.count == actual.count else { return actual }
                return zip(block.expected, actual).map { matches($0, $1, in: block) ? $0 : $1 }
            }
            if let problem = AtomicFile.replace(path, with: Array(transcript.rendered(with: merged).utf8)) {
                fail("vmrepl: \(path): \(problem)")
                return false
            }
            return true
        }
        var matched = true
        for (block, actual) in zip(transcript.blocks, outputs) {
            let same = block.expected.count == actual.count && zip(block.expected, actual).allSatisfy { matches($0, $1, in: block) }
            guard !same else { continue }
            matched = false
            var diff = [Messages.transcriptDiffers(path, block.line, block.command)]
            defer { onFailure?(path, block.line, diff.joined(separator: "\n")) }
            if let paths = stateDifferences(block, actual) {
                diff += paths
            } else {
                diff += block.expected.map { "- " + $0 }
                diff += actual.map { "+ " + $0 }
            }
            fail(diff.joined(separator: "\n"))
        }
        return matched
    }

    /// Where the state lines expected and printed differ, one path a line (`state.text: expected
    /// "🙂", got "👋"`); `nil` unless both sides are the same number of lines, all state lines.
    private func stateDifferences(_ block: Transcript.Block, _ actual: [String]) -> [String]? {
        guard block.expected.count == actual.count else { return nil }
        var lines: [String] = []
        for (expectedLine, actualLine) in zip(block.expected, actual) where !matches(expectedLine, actualLine, in: block) {
            guard let old = try? JSONParser.parse(expectedLine), let new = try? JSONParser.parse(actualLine),
                old["type"] == .string("state"), new["type"] == .string("state")
            else { return nil }
            // Members the expected line does not hold are not differences, unless the comparison is strict.
            lines += JSONPatch.differences(from: old, to: new).filter { strict || $0.old != nil }.map { difference in
                Messages.transcriptPathDiffers(
                    difference.statePath(after: ""), expected: difference.old.map(JSONWriter.string), actual: difference.new.map(JSONWriter.string))
            }
        }
        return lines
    }

    private func matches(_ expected: String, _ actual: String, in block: Transcript.Block) -> Bool {
        Transcript.matches(expected, actual, strict: strict, varying: block.varying)
    }

    /// Runs the blocks' commands and returns each one's output lines, normalized.
    private func replay(_ blocks: [Transcript.Block]) async -> [[String]] {
        let capture = Capture()
        let writer = ProtocolWriter(
            output: OutputChannel { bytes in
                capture.bytes.append(contentsOf: bytes)
                return true
            })
        let session = Session(registry: registry, options: options, consumer: trace.map { OutputTee(writer, trace: $0) } ?? writer)
        session.start()
        writer.flush()
        capture.bytes.removeAll()
        var outputs: [[String]] = []
        var policy = SessionLoop.Policy()
        policy.afterLine = { _, _ in
            writer.flush()
            outputs.append(capture.takeLines())
            return true
        }
        let lines = blocks.enumerated().map { InputLine(number: $0.offset + 1, content: .text($0.element.command)) }
        await SessionLoop.run(session, batches: SessionLoop.oneBatch(lines), policy: policy)
        if !outputs.isEmpty { outputs[outputs.count - 1] += capture.takeLines() }
        return outputs
    }
}

/// The bytes a transcript's session wrote.
@MainActor
private final class Capture {
    var bytes: [UInt8] = []

    func takeLines() -> [String] {
        defer { bytes.removeAll() }
        return bytes.split(separator: 0x0A).map { Transcript.normalize(String(decoding: $0, as: UTF8.self)) }
    }
}
