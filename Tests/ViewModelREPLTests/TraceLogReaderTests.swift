import ExampleScreens
import Foundation
import Testing

@testable import ViewModelREPL

/// `vmrepl trace LOG`: a saved protocol session read back into the same trace a live session keeps.
@MainActor
struct TraceLogReaderTests {
    /// A session run line by line (on virtual time) with a trace of its own, over the example screens
    /// or `registry`; returns that trace and the log a driver keeps of it: each request, then the
    /// lines that came back, as they came.
    static func session(
        _ requests: [String], registry: ScreenRegistry = ExampleScreens.registry(postsURL: nil), states: StateRendering = .full
    ) async -> (trace: TraceRecorder, log: [String]) {
        let trace = TraceRecorder()
        var written: [UInt8] = []
        let writer = ProtocolWriter(
            output: OutputChannel { bytes in
                written.append(contentsOf: bytes)
                return true
            })
        let options = Evaluator.Options(output: OutputSettings(states: states))
        let session = Session(registry: registry, options: options, consumer: OutputTee(writer, trace: trace))
        var log: [String] = []
        func take() {
            session.flush()
            log += String(decoding: written, as: UTF8.self).split(separator: "\n").map(String.init)
            written.removeAll()
        }
        session.start()
        take()
        for (index, request) in requests.enumerated() {
            log.append(request)
            await session.handle(line: request, number: index + 1)
            take()
        }
        await session.finish()
        take()
        return (trace, log)
    }

    /// The trace `vmrepl trace` keeps of a log.
    static func read(_ log: [String]) -> TraceRecorder {
        var reader = TraceLogReader(recorder: TraceRecorder())
        for line in log { reader.read(line) }
        return reader.recorder
    }

    /// A step as the page shows it, its clock left out (a log does not hold the virtual clock).
    private func steps(_ trace: TraceRecorder) -> [String] {
        trace.steps.map { step in
            let place = "\(step.line.map(String.init) ?? "-") \(step.command ?? "-")"
            let shown = "\(JSONWriter.string(step.reply)) pushes:\(step.pushes.map(JSONWriter.string))"
            return "\(place) \(shown) state:\(step.state.map(String.init) ?? "-") failure:\(step.failure ?? "-")"
        }
    }

    private func states(_ trace: TraceRecorder) throws -> [String] {
        try trace.states.map { entry in
            let full = try entry.full.map { try JSONParser.parse(String(decoding: $0, as: UTF8.self), maximumDepth: 512) }
            return
                "\(entry.screen) \(entry.model) base:\(entry.base.map(String.init) ?? "-") full:\(full.map(JSONWriter.string) ?? "-") patch:\(entry.patch.map(JSONWriter.string) ?? "-")"
        }
    }

    static let requests = [
        "use users", "load", "wait", #"expect users.phase == "failed""#,
        #"mock users.phase="failed" users.failure={"attempt":1,"message":"offline"}"#, #"{"id":"last","cmd":"state"}"#, "nosuch",
    ]

    @Test func aLoggedSessionGivesTheTraceTheSessionKept() async throws {
        let (live, log) = await Self.session(Self.requests)
        let read = Self.read(log)
        #expect(steps(read) == steps(live))
        #expect(try states(read) == states(live))
        #expect(read.steps.map(\.failure) == [nil, nil, nil, nil, "expect", nil, nil, "error"])
        #expect(read.steps.dropFirst().map(\.command) == Self.requests)
    }

    /// A log of `--states=diff` lines keeps their patches as the chain of states.
    @Test func aDiffLogKeepsItsPatchesAgainstTheLastState() async throws {
        let (_, log) = await Self.session(Self.requests, states: .diff)
        let read = Self.read(log)
        let stateOfMock = try #require(read.steps[5].state)
        let entry = read.states[stateOfMock]
        #expect(entry.full == nil && entry.base != nil)
        #expect(entry.patch.map(JSONWriter.string)?.contains(#""path":"/users/phase""#) == true)
        #expect(read.steps.dropFirst().map(\.command) == Self.requests)
    }

    /// Only the output logged: the steps show their replies and failures, not their commands.
    @Test func aLogOfTheOutputAloneShowsTheStepsWithoutCommands() async throws {
        let (live, log) = await Self.session(Self.requests)
        let read = Self.read(log.filter { $0.hasPrefix(#"{"type""#) })
        #expect(read.steps.count == live.steps.count)
        #expect(read.steps.allSatisfy { $0.command == nil })
        #expect(read.steps.map(\.failure) == live.steps.map(\.failure))
    }

    /// A second session in one log is numbered from 1 again; the requests a driver sent before its
    /// `ready` came are its first lines.
    @Test func aSecondSessionIsNumberedFromOneFromTheRequestsBeforeItsReady() async throws {
        let (_, first) = await Self.session(["use foo", "event hello"])
        let (_, second) = await Self.session(["use foo", "event goodbye"])
        let early = second.firstIndex { $0 == "use foo" } ?? 0
        // The second driver wrote its first request before reading `ready`.
        var reordered = second
        reordered.swapAt(0, early)
        let read = Self.read(first + reordered)
        #expect(read.steps.compactMap(\.command) == ["use foo", "event hello", "use foo", "event goodbye"])
        #expect(read.steps.map(\.line) == [nil, 1, 2, nil, 1, 2])
    }

    /// A log is read a chunk at a time: lines longer than the limit are counted and skipped, a
    /// last line without its newline is read, carriage returns are dropped.
    @Test func logLinesAreReadWhateverTheirLengthUpToTheLimit() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-log-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = String(repeating: "x", count: 3 << 20)
        try Data("a\r\n\(long)\nb\n\(long)\(long)\nc".utf8).write(to: URL(fileURLWithPath: path))
        var lines: [String] = []
        let tooLong = try ScriptFile.forEachLine(path, maximumLine: 4 << 20) { lines.append($0) }
        #expect(lines.map { $0.count } == [1, 3 << 20, 1, 1])
        #expect(tooLong == 1)
        #expect(TraceLogReader.pagePath(forLog: "logs/run.1.jsonl") == "logs/run.1.html")
        #expect(TraceLogReader.pagePath(forLog: "logs.d/run") == "logs.d/run.html")
        #expect(TraceLogReader.pagePath(forLog: ".hidden") == ".hidden.html")
    }
}
