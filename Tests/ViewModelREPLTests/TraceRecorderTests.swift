import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

/// The trace (`--trace`) in process: what it keeps of a session, its bounds, and the page's data.
@MainActor
struct TraceRecorderTests {
    /// Runs `lines` in a session whose only front end is `trace`.
    private func run(_ lines: [String], into trace: TraceRecorder) async {
        let session = Session(registry: ExampleScreens.registry(postsURL: nil), options: Evaluator.Options(), consumer: trace)
        session.start()
        for (index, line) in lines.enumerated() { await session.handle(line: line, number: index + 1) }
        await session.finish()
    }

    /// The page's data, parsed back.
    private func document(_ trace: TraceRecorder) throws -> JSONValue {
        try JSONParser.parse(String(decoding: trace.document(title: "t"), as: UTF8.self), maximumDepth: 512)
    }

    /// The page is titled by the scripts it ran (names without folders), else by its own file's name.
    @Test func thePageIsTitledByItsScripts() throws {
        let trace = TraceRecorder()
        let page = { String(decoding: trace.page(named: "out/trace.html"), as: UTF8.self) }
        #expect(page().contains(#""title":"vmrepl trace: trace.html""#))
        trace.file = "-"
        #expect(page().contains(#""title":"vmrepl trace: trace.html""#))
        trace.file = "scripts/login.vmrepl"
        trace.file = "scripts/logout.vmrepl"
        trace.file = "scripts/login.vmrepl"
        #expect(page().contains(#""title":"vmrepl trace: login.vmrepl, logout.vmrepl""#))
        #expect(Messages.traceTitle(path: "p", scripts: ["a", "b", "c", "d", "e"]) == "vmrepl trace: a, b, c and 2 more")
    }

    @Test func aStatePatchedFromTheLastRebuildsTheSameState() async throws {
        let trace = TraceRecorder()
        await run(["use posts", "load", "wait", "event select id=2"], into: trace)
        let last = try #require(trace.steps.last?.state)
        let entry = trace.states[last]
        #expect(entry.full == nil && entry.base != nil, "a selection among many posts is kept as a patch")
        #expect(entry.patch.map(JSONWriter.string) == #"[{"op":"replace","path":"/selectedPostID","value":2}]"#)
    }

    @Test func aSmallStateIsKeptWholeWithThePathsThatChanged() async throws {
        let trace = TraceRecorder()
        await run(["use foo", "event goodbye"], into: trace)
        let entry = trace.states[try #require(trace.steps.last?.state)]
        #expect(entry.full != nil && entry.base == 0)
        #expect(entry.patch.map(JSONWriter.string) == #"[{"op":"replace","path":"/text"}]"#)
    }

    @Test func stepsPastTheLimitAreCountedAndTheDataSaysSo() async throws {
        var limits = TraceRecorder.Limits()
        limits.steps = 3
        let trace = TraceRecorder(limits: limits)
        await run(["use foo", "event hello", "event goodbye", "state", "expect text == \"x\""], into: trace)
        #expect(trace.steps.count == 4, "three, and the failing expect past the limit")
        #expect(trace.droppedSteps == 2)
        let notice = try document(trace)["notice"]
        #expect(notice == .string(Messages.traceDropped(steps: 2, states: 0, pushes: 0, stepLimit: 3, bytes: limits.bytes)))
        #expect(trace.steps.last?.failure == "expect", "the failing step past the limit is kept")
    }

    /// Every byte kept counts against the one budget, and a long text is kept cut: long lines
    /// cannot make the trace (and its page) grow with the input.
    @Test func longLinesStayWithinTheBudget() async throws {
        var limits = TraceRecorder.Limits()
        limits.bytes = 1 << 20
        let trace = TraceRecorder(limits: limits)
        let long = String(repeating: "é", count: 100_000)
        await run(["use foo"] + Array(repeating: "mock nosuch=\"\(long)\"", count: 100), into: trace)
        #expect(trace.keptBytes <= limits.bytes)
        #expect(trace.document(title: "t").count < limits.bytes + (64 << 10))
        let command = try #require(trace.steps[2].command)
        #expect(command.utf8.count < limits.textBytes + 100)
        #expect(command.hasSuffix(Messages.traceCut(bytes: "mock nosuch=\"\(long)\"".utf8.count)))
        #expect(trace.droppedSteps > 0 && trace.droppedSteps + trace.steps.count == 102)
        #expect(try document(trace)["notice"] != nil)
    }

    /// A failure past the step limit is kept and counted, so the page's first failure is right.
    @Test func failuresPastTheStepLimitAreKeptAndCounted() async throws {
        var limits = TraceRecorder.Limits()
        limits.steps = 5
        limits.failuresPastTheLimits = 2
        let trace = TraceRecorder(limits: limits)
        let failing = "expect text == \"x\""
        await run(["use foo"] + Array(repeating: "event hello", count: 20) + [failing, "event hello", failing, failing], into: trace)
        #expect(trace.steps.count == 5 + 2)
        #expect(trace.steps.suffix(2).map(\.command) == [failing, failing])
        #expect(trace.steps.suffix(2).map(\.failure) == ["expect", "expect"])
        #expect(trace.steps.last?.state == nil, "a step past the limit shows no state it is not after")
        #expect(trace.droppedFailures == 1)
        let data = try document(trace)
        #expect(data["dropped"]?["steps"] == .int(26 - 7))
        #expect(data["dropped"]?["failures"] == .int(1))
    }

    @Test func statesPastTheBudgetAreLeftOutAndTheirStepsKept() async throws {
        let lines = ["use foo", "event hello", "event goodbye"]
        let whole = TraceRecorder()
        await run(lines, into: whole)
        var limits = TraceRecorder.Limits()
        limits.bytes = whole.keptBytes - 1  // the last state does not fit; its step does
        let trace = TraceRecorder(limits: limits)
        await run(lines, into: trace)
        #expect(trace.steps.compactMap(\.command) == lines)
        #expect(trace.droppedStates > 0)
        #expect(trace.steps.last?.state == trace.steps.dropLast().last?.state, "a step past the budget shows the last state kept")
        #expect(try document(trace)["notice"] != nil)
    }

    @Test func failuresAreMarkedOnTheirStep() async throws {
        let trace = TraceRecorder()
        await run(["use foo", "invariant text != \"😢\"", "event goodbye", "expect text == \"x\"", "nosuch"], into: trace)
        #expect(trace.steps.map(\.failure) == [nil, nil, nil, "invariant", "expect", "error"])
    }

    /// Under `--files` a refused page says `cannot write PATH` once, and never "record".
    @Test func aRefusedPageUnderFilesNamesItsPathOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for path in ["../escaped.html", "missing/x.html"] {
            let file = TraceFile(path: path, files: FileSandbox(root: folder.path))
            let reason = try #require(file.write())
            let message = Messages.traceFailed(path: path, reason: reason)
            #expect(message.components(separatedBy: path).count == 2, "\(message)")
            #expect(!message.contains("record"), "\(message)")
        }
    }

    @Test func noStateTextCanEndThePagesDataElement() {
        let page = String(decoding: TracePage.html(data: Array(#"{"a":"</script><script>alert(1)</script>"}"#.utf8)), as: UTF8.self)
        #expect(!page.contains("alert(1)</script>"))
        #expect(page.contains(#"\u003c/script>\u003cscript>alert(1)\u003c/script>"#))
    }
}
