import Foundation

/// The stubbable dependencies of one open screen: what each is stubbed to, and every call made.
///
/// A screen's factory wraps a dependency once with ``ScreenContext/dependency(_:live:)``; each call
/// then asks this table what to do: the newest stub that still has answers, or the live function.
/// Calls run wherever the view model runs them, so the table guards its state with a lock.
package final class DependencyTable: @unchecked Sendable {
    /// What a stub does when called.
    package struct Stub: Sendable, Equatable {
        package enum Answer: Sendable, Equatable {
            case value(JSONValue)
            case error(String)
            case hang
        }

        package var answer: Answer
        /// Waited on the session's clock before answering.
        package var delay: Duration?
        /// How many calls it answers before the one beneath resumes; `nil` for all of them.
        package var times: Int?
    }

    /// One call of a dependency.
    package struct Call: Sendable {
        package enum Outcome: Sendable {
            case running
            case value(JSONValue)
            case error(String)
            case cancelled
        }

        package var input: JSONValue?
        /// When it started and ended on the session's clock.
        package var started: Duration
        package var ended: Duration?
        package var outcome: Outcome
    }

    /// A dependency as `describe` shows it.
    package struct Declared: Sendable {
        package var name: String
        package var input: String?
        package var output: String
        /// Whether a JSON value decodes as the output type, and if not, why.
        fileprivate var check: @Sendable (JSONValue) -> String?
    }

    /// Guards everything below.
    private let lock = NSLock()
    private var declared: [Declared] = []
    private var stubs: [String: [Stub]] = [:]
    private var logs: [String: CallLog] = [:]
    /// The most calls kept per dependency; older ones are dropped.
    static let callLimit = 1000

    let clock: any Clock<Duration>
    /// The session clock's time, for call records.
    let elapsed: @Sendable () -> Duration

    init(clock: any Clock<Duration>, elapsed: @escaping @Sendable () -> Duration) {
        self.clock = clock
        self.elapsed = elapsed
    }

    /// The dependencies declared, in the order the factory wrapped them.
    package var dependencies: [Declared] { lock.withLock { declared } }

    func declare(_ name: String, input: String?, output: String, check: @escaping @Sendable (JSONValue) -> String?) {
        lock.withLock {
            declared.removeAll { $0.name == name }
            declared.append(Declared(name: name, input: input, output: output, check: check))
        }
    }

    /// Stacks `stub` on `name`'s stubs: it answers first.
    /// - Throws: ``ReplError`` when there is no such dependency or the value does not decode.
    package func stub(_ name: String, _ stub: Stub) throws(ReplError) {
        let declared = dependencies
        guard let dependency = declared.first(where: { $0.name == name }) else {
            throw ReplError(.unknownDependency(name, known: declared.map(\.name)))
        }
        if case .value(let value) = stub.answer, let problem = dependency.check(value) {
            throw ReplError(.badStub(name, reason: problem))
        }
        lock.withLock { stubs[name, default: []].append(stub) }
    }

    /// Removes `name`'s stubs, or every stub; returns how many dependencies were stubbed.
    package func unstub(_ name: String?) throws(ReplError) {
        if let name, !dependencies.contains(where: { $0.name == name }) {
            throw ReplError(.unknownDependency(name, known: dependencies.map(\.name)))
        }
        lock.withLock {
            if let name { stubs[name] = nil } else { stubs.removeAll() }
        }
    }

    /// What `name` is stubbed to now, newest first.
    package func stubs(of name: String) -> [Stub] {
        lock.withLock { stubs[name, default: []].reversed() }
    }

    /// Every call of `name` so far, oldest first.
    /// `name`'s newest calls, and how many older ones were dropped to keep them to ``callLimit``.
    package func calls(of name: String) throws(ReplError) -> (calls: [Call], dropped: Int) {
        guard dependencies.contains(where: { $0.name == name }) else {
            throw ReplError(.unknownDependency(name, known: dependencies.map(\.name)))
        }
        return lock.withLock { (logs[name]?.calls ?? [], logs[name]?.dropped ?? 0) }
    }

    /// Every dependency's calls, for `@calls`.
    package func allCalls() -> [(name: String, calls: [Call])] {
        let names = dependencies.map(\.name)
        return lock.withLock { names.map { ($0, logs[$0]?.calls ?? []) } }
    }

    /// Makes one call: the newest stub answers, or `live` does; the call is recorded either way.
    func call<Output: Codable & Sendable>(_ name: String, input: JSONValue?, live: @Sendable () async throws -> Output) async throws -> Output {
        let (stub, log, index) = begin(name, input: input)
        // A cancelled call is recorded as cancelled the moment it is cancelled, so the command
        // that cancelled it (and a check right after) already sees it.
        return try await withTaskCancellationHandler {
            do {
                let output: Output
                if let stub {
                    output = try await answer(stub)
                } else {
                    output = try await live()
                }
                end(log, index, .value(Self.json(output) ?? .null))
                return output
            } catch {
                let cancelled = Task.isCancelled || type(of: error) == CancellationError.self
                end(log, index, cancelled ? .cancelled : .error(Self.message(error)))
                throw error
            }
        } onCancel: {
            end(log, index, .cancelled)
        }
    }

    /// Takes the stub that answers this call, and records the call; returns the dependency's log
    /// and the call's number in it.
    private func begin(_ name: String, input: JSONValue?) -> (Stub?, CallLog, Int) {
        lock.withLock {
            var stub: Stub?
            if var stack = stubs[name], let top = stack.last {
                stub = top
                if let times = top.times {
                    if times <= 1 { stack.removeLast() } else { stack[stack.count - 1].times = times - 1 }
                    stubs[name] = stack
                }
            }
            let log: CallLog
            if let existing = logs[name] {
                log = existing
            } else {
                log = CallLog()
                logs[name] = log
            }
            // In place: a copy of the list per call made a storm of loads quadratic.
            if log.calls.count == Self.callLimit {
                log.calls.removeFirst(Self.callLimit / 2)
                log.dropped += Self.callLimit / 2
            }
            log.calls.append(Call(input: input, started: elapsed(), ended: nil, outcome: .running))
            return (stub, log, log.dropped + log.calls.count - 1)
        }
    }

    private func end(_ log: CallLog, _ index: Int, _ outcome: Call.Outcome) {
        let now = elapsed()
        lock.withLock {
            let position = index - log.dropped
            guard position >= 0, position < log.calls.count else { return }
            log.calls[position].ended = now
            log.calls[position].outcome = outcome
        }
    }

    /// One dependency's calls, kept by reference so a call's end finds them without a lookup.
    /// Sendable because the table's lock guards every access (a call ends on any thread).
    private final class CallLog: @unchecked Sendable {
        // Unchecked: the table's lock guards every access.
        @exclusivity(unchecked) var calls: [Call] = []
        /// How many of the oldest calls were dropped, so a call keeps its number.
        @exclusivity(unchecked) var dropped = 0
    }

    private func answer<Output: Decodable>(_ stub: Stub) async throws -> Output {
        if let delay = stub.delay { try await clock.sleep(for: delay) }
        switch stub.answer {
        case .value(let value):
            return try ArgumentDecoding.decode(Output.self, from: value)
        case .error(let message):
            throw StubbedFailure(message: message)
        case .hang:
            // Asleep on the session's clock until cancelled, so virtual time sees it is waiting.
            while true { try await clock.sleep(for: .seconds(1_000_000_000)) }
        }
    }

    static func json(_ value: some Encodable) -> JSONValue? {
        guard let data = try? JSONEncoder().encode(value) else { return nil }
        return try? JSONParser.parse(String(decoding: data, as: UTF8.self), maximumDepth: 512)
    }

    private static func message(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
    }
}

/// The error a stub throws: its message is what the screen shows.
struct StubbedFailure: LocalizedError, Sendable {
    var message: String
    var errorDescription: String? { message }
}
