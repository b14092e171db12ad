import Foundation
import Testing
import ViewModelREPL

/// Drives one screen from the team's registry in a Swift test, step by step, on virtual time, and
/// holds its state as the app's own type, as Point-Free's `TestStore` holds a feature's.
///
/// ```swift
/// let screen = try await ScreenTest("counter", in: screens, as: CounterViewState.self)
/// try await screen.send("event incrementTapped") { $0.count = 1 }
/// try await screen.send("load")                  // a load runs to its end on virtual time
/// #expect(screen.state.count == 1)
/// ```
/// Each step is a command line as a session takes it (`event select id=3`, `load`, `wait`,
/// `advance 2s`, `write query="swift"`, `mock …`). The closure states how the step changes the
/// state. With exhaustivity on (the default), a step fails when the state it leaves is not
/// exactly the state before with the closure applied: a field that changed unstated is an issue,
/// named by its path. With `.off`, only what the closure states is checked. An error reply is an
/// issue too. Issues are recorded at the step's own line in the test; the first one attaches the
/// session's trace page so far (what `--trace` writes) to the test.
///
/// What the view model told the app to do (its outputs: navigate, dismiss, report a result) is
/// ``outputs`` for the last step and ``outputs(named:)`` for the whole test:
///
/// ```swift
/// try await checkout.send("event pay")
/// try await checkout.send("wait")             // the payment's second passes; onFinished is sent
/// #expect(checkout.outputs.map(\.name) == ["onFinished"])
/// #expect(try checkout.outputs(named: "onFinished", as: Receipt.self) == [Receipt(id: 7, total: 30)])
/// ```
@MainActor
public final class ScreenTest<State: Codable & Equatable> {
    /// Whether a step must state every change it makes.
    public enum Exhaustivity: Sendable {
        /// Every change must be stated.
        case on
        /// Only what a step's closure states is checked.
        case off
    }

    /// How strictly steps are checked; may be changed between steps.
    public var exhaustivity: Exhaustivity
    /// The screen's state after the last step, as the app's own type.
    public private(set) var state: State
    /// The outputs the view model sent during the last step, oldest first: those of the step's
    /// own request and those of work an earlier step started (each names its step's command).
    public private(set) var outputs: [ScreenTestOutput] = []
    /// Every output sent since the screen was opened, oldest first, with the line of its step.
    private var sent: [(output: ScreenTestOutput, line: Int)] = []
    /// Each step's command line by its input line number, to name the step an output carries.
    private var commands: [Int: String] = [:]
    private let screen: String
    private var session: Session
    private let log = ReplyLog()
    /// The session's trace, attached to the test at its first issue.
    private let trace = TraceRecorder()
    private var attachedTrace = false
    private var line = 0

    /// Opens `screen` from `screens` on virtual time with `--seed` `seed`.
    /// - Throws: ``ScreenTestError`` when the screen cannot be opened or its state is not a `State`.
    public init(
        _ screen: String, in screens: ScreenRegistry, as type: State.Type = State.self, seed: UInt64 = 0, exhaustivity: Exhaustivity = .on
    ) async throws {
        self.screen = screen
        self.exhaustivity = exhaustivity
        session = Session(registry: screens, options: Evaluator.Options(clock: .virtual, seed: seed), consumer: OutputTee(log, trace: trace))
        session.keepsSteps = true
        session.start()
        _ = log.take()
        line += 1
        let use = CommandWriter.line(for: UseCommand(screen: screen))
        commands[line] = use
        let reply = await SessionLoop.handle(InputLine(number: line, content: .text(use)), in: session)
        guard case .state(let snapshot)? = reply else { throw ScreenTestError(message: Self.text(of: reply) ?? "cannot open \(screen)") }
        state = try Self.decode(snapshot)
        noteOutputs(log.take())
    }

    /// The outputs named `name` sent since the screen was opened, oldest first: what
    /// `@outputs.NAME` holds in a session.
    public func outputs(named name: String) -> [ScreenTestOutput] {
        sent.map(\.output).filter { $0.name == name }
    }

    /// The values of the outputs named `name` sent since the screen was opened, oldest first,
    /// each decoded as `type`.
    /// - Throws: A `DecodingError` when a value is not a `Value`.
    public func outputs<Value: Decodable>(named name: String, as type: Value.Type) throws -> [Value] {
        try outputs(named: name).map { try $0.value(as: type) }
    }

    /// Keeps the outputs among what a step's run said, as the step's ``outputs``.
    private func noteOutputs(_ said: [(reply: Reply, push: Bool, line: Int?)]) {
        let kept = said.compactMap { entry -> (output: ScreenTestOutput, line: Int)? in
            guard case .output(let screen, let name, let value) = entry.reply else { return nil }
            return (ScreenTestOutput(name: name, screen: screen, command: entry.line.flatMap { commands[$0] } ?? "", value: value), entry.line ?? line)
        }
        outputs = kept.map(\.output)
        sent += kept
    }

    /// Goes back `steps` steps (1 by default): the steps before them are replayed on a fresh
    /// session, quietly, each compared with what it did the first time, and the test goes on from
    /// there, ``state`` as it was then and the outputs of the steps undone forgotten.
    ///
    /// It replays in this process, so the app's own globals and singletons are not taken back (a
    /// session's `undo`, which replays in a fresh process, is for that). Fewer steps than asked,
    /// or a step that does not repeat (real time, a dependency not stubbed, randomness not from
    /// the screen's context), is an issue at this line, and nothing changes.
    public func undo(_ steps: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        // The screen's opening is the first step: a test never goes back past it.
        guard steps < session.stepCount else {
            Issue.record(
                Comment(rawValue: "'undo \(steps)': \(Messages.screenTestUndoTooFar(steps: steps, kept: session.stepCount - 1))"),
                sourceLocation: sourceLocation)
            return
        }
        switch await session.steppedBack(steps) {
        case .failure(let error):
            Issue.record(Comment(rawValue: "'undo \(steps)': \(error.message)"), sourceLocation: sourceLocation)
            attachTrace(sourceLocation)
        case .success(let fresh):
            // The work the session left behind is cancelled: it must not push into the fresh one's steps.
            _ = session.interrupt()
            session = fresh
            line += 1
            commands[line] = steps == 1 ? "undo" : "undo \(steps)"
            let last = fresh.lastStepLine ?? 0
            sent.removeAll { $0.line > last }
            outputs = []
            _ = log.take()
            fresh.showState()
            for entry in log.take().reversed() {
                guard case .state(let snapshot) = entry.reply, snapshot.screen == screen else { continue }
                state = try Self.decode(snapshot)
                break
            }
        }
    }

    /// Runs one command line and checks the state it leaves against the state before with
    /// `update` applied (see ``Exhaustivity``).
    /// - Throws: What `update` throws, or ``ScreenTestError`` when the state is not a `State`.
    public func send(_ command: String, sourceLocation: SourceLocation = #_sourceLocation, _ update: ((inout State) throws -> Void)? = nil) async throws {
        var expected = state
        try update?(&expected)
        line += 1
        commands[line] = command
        let reply = await SessionLoop.handle(InputLine(number: line, content: .text(command)), in: session)
        let said = log.take()
        noteOutputs(said)
        if case .error(let error)? = reply {
            Issue.record(Comment(rawValue: "'\(command)': \(error.message)"), sourceLocation: sourceLocation)
            attachTrace(sourceLocation)
        }
        // The last state this screen showed (the reply, or a push of the work the step started).
        var actual = state
        for entry in said.reversed() {
            guard case .state(let snapshot) = entry.reply, snapshot.screen == screen else { continue }
            actual = try Self.decode(snapshot)
            break
        }
        let unstated = try differences(expected: expected, actual: actual, since: update == nil ? nil : state)
        if !unstated.isEmpty {
            let heading = exhaustivity == .on ? "'\(command)' changed the state in ways the test did not state:" : "'\(command)':"
            Issue.record(Comment(rawValue: ([heading] + unstated).joined(separator: "\n")), sourceLocation: sourceLocation)
            trace.markLastStepFailed()
            attachTrace(sourceLocation)
        }
        state = actual
    }

    /// Attaches the trace page once, at the first issue: the steps up to the one that failed.
    private func attachTrace(_ sourceLocation: SourceLocation) {
        guard !attachedTrace else { return }
        attachedTrace = true
        TraceAttachment.record(trace, named: screen, sourceLocation: sourceLocation)
    }

    /// The paths where `actual` differs from `expected`, worded as `vmrepl test` words them; with
    /// exhaustivity off, only the paths `update` changed since `before` (nothing without an update).
    private func differences(expected: State, actual: State, since before: State?) throws -> [String] {
        guard expected != actual else { return [] }
        let expectedJSON = try Self.json(expected)
        let actualJSON = try Self.json(actual)
        var found = JSONPatch.differences(from: expectedJSON, to: actualJSON)
        if exhaustivity == .off {
            guard let before else { return [] }
            let stated = Set(JSONPatch.differences(from: try Self.json(before), to: expectedJSON).map(\.pointer))
            found = found.filter { difference in stated.contains { difference.pointer == $0 || difference.pointer.hasPrefix($0 + "/") } }
        }
        return found.map { difference in
            Messages.transcriptPathDiffers(
                difference.statePath(after: ""), expected: difference.old.map(JSONWriter.string), actual: difference.new.map(JSONWriter.string))
        }
    }

    /// A state as the screen prints it, for naming the paths that differ.
    private static func json(_ state: State) throws -> JSONValue {
        let bytes = try StateEncoder().encode(state, fallback: StateEncoder.fallbackEncoder(for: .readable))
        return try JSONParser.parse(String(decoding: bytes, as: UTF8.self), maximumDepth: 512)
    }

    private static func decode(_ snapshot: StateSnapshot) throws -> State {
        do {
            let value = try JSONParser.parse(String(decoding: snapshot.json, as: UTF8.self), maximumDepth: 512)
            return try ArgumentDecoding.decode(State.self, from: value)
        } catch {
            throw ScreenTestError(message: "\(snapshot.screen)'s state is not a \(State.self): \(error)")
        }
    }

    private static func text(of reply: Reply?) -> String? {
        if case .error(let error)? = reply { return error.message }
        return nil
    }
}

/// Why a ``ScreenTest`` could not go on.
public struct ScreenTestError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
