import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

/// The contract ``Session`` states in its documentation, checked on one session whose output goes
/// to every front end's consumer at once: the protocol writer (pipes, scripts, transcripts), the
/// terminal, the MCP collector and the Swift-test log. A new front end adds its consumer here.
@MainActor
struct SessionContractTests {
    /// Keeps every value and hands it to each front end's consumer.
    final class Fanout: OutputConsumer {
        var values: [OutputValue] = []
        let consumers: [any OutputConsumer]
        init(_ consumers: [any OutputConsumer]) { self.consumers = consumers }
        func consume(_ value: OutputValue, settings: OutputSettings) {
            values.append(value)
            for consumer in consumers { consumer.consume(value, settings: settings) }
        }
        func flush() { for consumer in consumers { consumer.flush() } }
        var isClosed: Bool { false }
        var trace: TraceRecorder? { consumers.lazy.compactMap(\.trace).first }
    }

    /// Replies, errors, pushes from loads, watched changes, a broken invariant, diff-mode patches,
    /// comments and blank lines, and work still in flight at the end.
    static let input = [
        "# a comment", "use users", "", "watch users.phase", #"{"id":"L","cmd":"load"}"#, "wait", "invariant users.attempt != 1",
        "event loadTapped", "wait", "nosuch", "set states=diff", "use posts", "event select id=1", "state", "load",
    ]

    @Test func everyFrontEndGetsOneOrderedStreamThatKeepsTheContract() async throws {
        var bytes: [UInt8] = []
        let writer = ProtocolWriter(
            output: OutputChannel {
                bytes += $0
                return true
            })
        var shown: [String] = []
        let terminal = TerminalRenderer(colour: false) { shown.append($0) }
        let collector = ToolCallCollector()
        let trace = TraceRecorder()
        let fanout = Fanout([writer, terminal, collector, trace])
        let session = Session(registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(seed: 5), consumer: fanout, defersWatches: true)
        session.start()
        let lines = Self.input.enumerated().map { InputLine(number: $0.offset + 1, content: .text($0.element)) }
        var policy = SessionLoop.Policy()
        policy.afterBatch = { session.armWatches() }
        await SessionLoop.run(session, batches: SessionLoop.oneBatch(lines), policy: policy)
        let values = fanout.values

        // Order: seq counts every value from 0, without gaps.
        #expect(values.map(\.seq) == Array(values.indices))
        // One reply per line that is a command, none for a blank line or a comment, in input order.
        let commandLines = Self.input.indices.filter { !Self.input[$0].isEmpty && !Self.input[$0].hasPrefix("#") }.map { $0 + 1 }
        let replies = values.filter { !$0.push && !Self.isChange($0) && $0.tag != nil }
        #expect(replies.map { $0.tag!.line } == commandLines)
        #expect(values.first.map { if case .ready = $0.reply { true } else { false } } == true)
        // Pushes after their cause, tagged with it (the JSON request's id too).
        var replied: Set<Int> = []
        for value in values {
            guard let tag = value.tag else { continue }
            if value.push { #expect(replied.contains(tag.line), "a push of line \(tag.line) came before its reply") }
            if !value.push, !Self.isChange(value) { replied.insert(tag.line) }
            if tag.line == 5 { #expect(tag.id == .string("L")) }
        }
        #expect(values.contains { $0.push && $0.tag?.line == 5 })
        // A change comes just before the state that shows it; a broken invariant just after the line that broke it.
        for (index, value) in values.enumerated() where Self.isChange(value) {
            let next = values[(index + 1)...].first { !Self.isChange($0) }
            guard case .state? = next?.reply else {
                Issue.record("a change not followed by its state")
                continue
            }
            #expect(next?.tag == value.tag && next?.push == value.push)
        }
        let broken = try #require(values.firstIndex { if case .error(let error) = $0.reply { error.code == .invariantViolated } else { false } })
        #expect(values[broken].push)
        #expect(values[..<broken].last { !$0.push }?.tag?.line ?? 0 <= values[broken].tag!.line)
        // Settings: state values carry patches only after `set states=diff`, never on the reply to `state`.
        let diffFrom = try #require(values.firstIndex { !$0.push && $0.tag?.line == 11 })
        #expect(values[..<diffFrom].allSatisfy { $0.patch == nil })
        #expect(values[diffFrom...].contains { $0.patch != nil })
        #expect(values.first { !$0.push && $0.tag?.line == 14 }?.patch == nil)
        // The end: the load still in flight on line 15 ended and pushed before the session finished.
        #expect(values.last?.tag?.line == 15 && values.last?.push == true)

        // Each front end showed every value: protocol lines numbered by the stream,
        let written = bytes.split(separator: UInt8(ascii: "\n")).map { try? JSONParser.parse(String(decoding: $0, as: UTF8.self), maximumDepth: 512) }
        #expect(written.count == values.count)
        for (line, value) in zip(written, values) {
            #expect(line?["seq"] == .int(value.seq))
            #expect(line?["push"] == (value.push ? .bool(true) : nil))
            #expect(line?["line"] == value.tag.map { .int($0.line) })
        }
        // the terminal a text for each, and MCP the same lines as values, the last call's reply apart.
        #expect(shown.count == values.count && shown.allSatisfy { !$0.isEmpty })
        let taken = collector.take(call: 15)
        #expect(taken.lines.count + 1 == values.count)
        #expect(taken.reply?["seq"] == written.reversed().first { $0?["line"] == .int(15) && $0?["push"] == nil }??["seq"])
        #expect(taken.lines.map { $0["seq"] } == written.filter { $0?["seq"] != taken.reply?["seq"] }.map { $0?["seq"] })
        // The trace a step for each reply with its line's text, and every other value under the step of its request.
        #expect(trace.steps.count == values.filter { !$0.push && !Self.isChange($0) }.count)
        #expect(trace.steps.compactMap(\.command) == Self.input.filter { !$0.isEmpty && !$0.hasPrefix("#") })
        #expect(trace.steps.map(\.pushes.count).reduce(0, +) == values.filter { $0.push || Self.isChange($0) }.count)
        #expect(trace.steps.first { $0.line == 5 }?.id == .string("L"))
    }

    /// The scripts of `vmrepl run` share one stream: `seq` counts on from one file to the next.
    @Test func scriptsInARowShareOneStream() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("contract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let first = directory.appendingPathComponent("a.vmrepl").path
        let second = directory.appendingPathComponent("b.vmrepl").path
        try "use foo\nevent hello\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "use users\nload\n".write(toFile: second, atomically: true, encoding: .utf8)
        let fanout = Fanout([])
        let scripts = ScriptSession(
            registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(), consumer: fanout, keepGoing: false, pace: nil, report: { _ in })
        #expect(await scripts.run([first, second]) == .success)
        #expect(fanout.values.map(\.seq) == Array(fanout.values.indices))
        #expect(fanout.values.filter { if case .ready = $0.reply { true } else { false } }.count == 2)
    }

    private static func isChange(_ value: OutputValue) -> Bool {
        if case .change = value.reply { return true }
        return false
    }
}
