import ExampleScreens
import Foundation
import ViewModelREPL

/// A whole session over the example screens run in-process, the way `vmrepl` runs piped input:
/// every line checked and handed over at once, then the end of input. It keeps the reply values and the exact
/// protocol-v1 lines the session wrote.
public struct SessionTranscript: ParsedLines, Sendable {
    /// Every line written, as text.
    public var text: [String]
    /// The `ready` line and every request's reply, as values, in order.
    package var replyValues: [Reply]
    /// What loads pushed later, as values, in order.
    package var pushValues: [Reply]
    /// The exit status `vmrepl` would end with.
    public var status: Int32
    /// What a script run reported on stderr, one entry per report.
    public var reports: [String]

    /// Every line, parsed anew on each use; ``parsed()`` parses once.
    public var lines: [[String: Any]] { text.compactMap { try? parseLine($0) } }

    /// The lines parsed once, for many lookups.
    public func parsed() -> ParsedOutput {
        ParsedOutput(lines: lines)
    }

    /// Runs `input` with `arguments` (vmrepl's options, `--posts-url` included), against the example
    /// screens or `screens`; `stallNotice` shortens the real time after which work on virtual time
    /// that is not asleep on its clock is noted.
    /// - Throws: ``ProtocolViolation`` when a line is not one JSON object.
    @MainActor
    public static func run(
        _ input: [String], arguments: [String] = [], screens: ScreenRegistry? = nil, stallNotice: Duration? = nil
    ) async throws -> SessionTranscript {
        var (options, examples) = try setUp(arguments)
        if let stallNotice { options.stallNotice = stallNotice }
        let registry = screens ?? examples
        let recorder = Recorder()
        let session = Session(registry: registry, options: options, consumer: recorder, defersWatches: true)
        session.start()
        // The bytes go through the same line checks as piped input (UTF-8, control characters, length).
        var splitter = LineSplitter()
        var lines: [InputLine] = []
        Array(input.joined(separator: "\n").utf8).withUnsafeBytes { splitter.feed($0, into: &lines) }
        splitter.finish(into: &lines)
        var policy = SessionLoop.Policy()
        policy.afterBatch = { session.armWatches() }
        await SessionLoop.run(session, batches: SessionLoop.oneBatch(lines), policy: policy)
        return try recorder.transcript(status: session.accounting.exitStatus.rawValue, reports: [])
    }

    /// Runs script files as `vmrepl run` does.
    @MainActor
    public static func runScripts(_ paths: [String], arguments: [String] = []) async throws -> SessionTranscript {
        let (options, registry) = try setUp(["run"] + arguments + paths)
        let parsed = try SessionOptions.parse(["run"] + arguments + paths)
        let recorder = Recorder()
        var reports: [String] = []
        let scripts = ScriptSession(
            registry: registry, options: options, consumer: recorder, keepGoing: parsed.keepGoing, pace: nil, junitPath: parsed.junitPath,
            report: { reports.append($0) })
        let status = await scripts.run(paths)
        return try recorder.transcript(status: status.rawValue, reports: reports)
    }

    /// The session's options and screens from vmrepl's command line.
    @MainActor
    private static func setUp(_ arguments: [String]) throws -> (Evaluator.Options, ScreenRegistry) {
        var arguments = arguments
        var postsURL: URL?
        if let index = arguments.firstIndex(of: "--posts-url") {
            postsURL = URL(string: arguments[index + 1])
            arguments.removeSubrange(index...index + 1)
        }
        let options = try SessionOptions.parse(arguments)
        return (
            options.evaluatorOptions(clock: options.clock ?? .virtual, output: OutputSettings(states: options.states)),
            ExampleScreens.registry(postsURL: postsURL)
        )
    }
}

/// Keeps every reply value and writes the protocol lines, for a ``SessionTranscript``.
@MainActor
private final class Recorder: OutputConsumer {
    private var bytes: [UInt8] = []
    private var replies: [Reply] = []
    private var pushes: [Reply] = []
    private lazy var writer = ProtocolWriter(
        output: OutputChannel { [unowned self] written in
            self.bytes.append(contentsOf: written)
            return true
        })

    var isClosed: Bool { false }

    func consume(_ value: OutputValue, settings: OutputSettings) {
        if value.push { pushes.append(value.reply) } else { replies.append(value.reply) }
        writer.render(value)
    }

    func flush() {
        writer.flush()
    }

    func transcript(status: Int32, reports: [String]) throws -> SessionTranscript {
        writer.flush()
        let text = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
        for line in text { _ = try parseLine(line) }
        return SessionTranscript(text: text, replyValues: replies, pushValues: pushes, status: status, reports: reports)
    }
}
