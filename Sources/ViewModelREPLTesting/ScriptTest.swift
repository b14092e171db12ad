import Foundation
import Testing
import ViewModelREPL

/// Runs `.vmrepl` scripts and `.vmt` transcripts as Swift tests: in-process, on virtual time,
/// against the team's own registry, each failure recorded as a test issue at the script's own
/// file and line, so `swift test` and Xcode point at the line that failed.
///
/// ```swift
/// @Test(arguments: try ScriptTest.files(in: "Tests/Scripts"))
/// func script(_ file: String) async {
///     await ScriptTest.run(file: file, screens: AppScreens.registry())
/// }
/// ```
/// A failed `expect`, a broken invariant and an error reply are each an issue, with the text
/// `vmrepl run` prints; a transcript (`.vmt`) is compared as `vmrepl test` compares it, each block
/// that differs an issue at its command's line. A run that fails attaches its trace page (what
/// `vmrepl run --trace` writes) to the test: `swift test --attachments-path DIR` saves it, Xcode
/// shows it beside the failure.
public enum ScriptTest {
    /// Runs the script or transcript at `file` (a `.vmt` file is a transcript) against `screens`
    /// with `--seed` `seed`; records each failure as an issue at its line in `file`, and when one
    /// failed, attaches the run's trace page (`attachingTrace: false` keeps no trace).
    /// - Returns: Whether it passed.
    @MainActor
    @discardableResult
    public static func run(
        file: String, screens: ScreenRegistry, seed: UInt64 = 0, attachingTrace: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> Bool {
        var failed = false
        let record = { (path: String, line: Int, message: String) in
            failed = true
            Issue.record(Comment(rawValue: message), sourceLocation: location(path, line: line))
        }
        var problems: [String] = []
        let options = Evaluator.Options(clock: .virtual, seed: seed)
        let status: ViewModelREPL.ExitStatus
        let trace = attachingTrace ? TraceRecorder() : nil
        if file.hasSuffix(".vmt") {
            let session = TranscriptSession(registry: screens, options: options, update: false, report: { problems.append($0) })
            session.onFailure = record
            session.trace = trace
            status = await session.run([file])
        } else {
            let writer = ProtocolWriter(output: OutputChannel { _ in true })
            let session = ScriptSession(
                registry: screens, options: options, consumer: trace.map { OutputTee(writer, trace: $0) } ?? writer, keepGoing: true, pace: nil,
                report: { problems.append($0) })
            session.onFailure = record
            session.trace = trace
            status = await session.run([file])
        }
        if status != .success, !failed {
            // The file itself could not be read: said where the test called.
            Issue.record(Comment(rawValue: problems.joined(separator: "\n")), sourceLocation: sourceLocation)
            failed = true
        }
        if failed, let trace { TraceAttachment.record(trace, named: file, sourceLocation: sourceLocation) }
        return !failed
    }

    /// The scripts and transcripts in `folder` (`.vmrepl` and `.vmt`), sorted, for `@Test(arguments:)`.
    public static func files(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasSuffix(".vmrepl") || $0.hasSuffix(".vmt") }
            .sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Where in a script a failure is: its file and line, as Xcode and `swift test` show it.
    static func location(_ path: String, line: Int) -> SourceLocation {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return SourceLocation(fileID: "scripts/" + (path as NSString).lastPathComponent, filePath: absolute, line: max(1, line), column: 1)
    }
}
