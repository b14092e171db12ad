import Foundation
import ViewModelKit

/// What a screen's factory gets from the session: the clock to wait on and a seeded source of randomness.
///
/// Scripts and piped sessions run on a virtual clock that only `wait` and `advance` move; a person at
/// a terminal runs on real time. Build view models from these so they behave the same way every run.
public struct ScreenContext: Sendable {
    /// The session's clock: a `ManualClock` on virtual time, a `ContinuousClock` on real time.
    public let clock: any Clock<Duration>
    /// The session's seed (`--seed`), already mixed with the screen's name.
    public let seed: UInt64

    /// The screen's stubbable dependencies.
    let dependencies: DependencyTable
    /// How the session writes states (`--values`).
    package let valueForms: ValueForms
    /// What ``output(_:)``'s closures send, for the screen to take once it is made.
    let outputs = ContextOutputs()

    package init(clock: any Clock<Duration>, seed: UInt64, dependencies: DependencyTable, valueForms: ValueForms = .readable) {
        self.clock = clock
        self.seed = seed
        self.dependencies = dependencies
        self.valueForms = valueForms
    }

    /// A callback that records each call as the output `name`, for a view model whose `init` takes
    /// what it tells the app (`let onSave: (Device) -> Void`):
    ///
    /// ```swift
    /// SyncSettingsViewModel(onSave: context.output("onSave"))
    /// ```
    /// The closure takes whatever the parameter's type says: no value is sent as `{}`, one as
    /// itself, several as an array, each in the state's value forms; `@outputs.onSave` keeps them.
    public func output<each Value>(_ name: String) -> @Sendable (repeat each Value) -> Void {
        let sender = outputs.sender
        return { (values: repeat each Value) in
            var sent: [Any] = []
            for value in repeat each values { sent.append(value) }
            switch sent.count {
            case 0: sender(name)
            case 1: sender(name, sent[0])
            default: sender(name, sent)
            }
        }
    }

    /// Wraps an async dependency under `name`, so `stub NAME …` can answer for it in a session.
    ///
    /// ```swift
    /// UsersViewModel(fetch: context.dependency("fetch", live: service.fetchUsers))
    /// ```
    /// Until it is stubbed, each call goes to `live`; every call is recorded for `calls NAME` and
    /// `@calls`. In the app, pass the live function itself: nothing of the REPL is needed there.
    public func dependency<Output: Codable & Sendable>(
        _ name: String, live: @escaping @Sendable () async throws -> Output
    ) -> @Sendable () async throws -> Output {
        dependencies.declare(name, input: nil, output: Self.typeName(Output.self), check: Self.check(Output.self))
        return { [dependencies] in try await dependencies.call(name, input: nil, live: live) }
    }

    /// Wraps an async dependency that takes an input; the input of each call is recorded.
    public func dependency<Input: Codable & Sendable, Output: Codable & Sendable>(
        _ name: String, live: @escaping @Sendable (Input) async throws -> Output
    ) -> @Sendable (Input) async throws -> Output {
        dependencies.declare(name, input: Self.typeName(Input.self), output: Self.typeName(Output.self), check: Self.check(Output.self))
        return { [dependencies] input in
            try await dependencies.call(name, input: DependencyTable.json(input), live: { try await live(input) })
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        String(describing: type)
    }

    /// Whether a stub's value decodes as `Output`, and if not, why.
    private static func check<Output: Decodable & Sendable>(_ type: Output.Type) -> @Sendable (JSONValue) -> String? {
        { value in
            // In the readable forms, as the stub's answer is read: `"completed"` for a case, an ISO date.
            do {
                _ = try ArgumentDecoding.decode(Output.self, from: value)
                return nil
            } catch let failure as DecodingFailure {
                return failure.reason
            } catch {
                return DecodingFailure.reason(for: error)
            }
        }
    }

    /// A random number generator fixed by the session's seed.
    public func makeRandom() -> SeededRandomNumberGenerator {
        SeededRandomNumberGenerator(seed: seed)
    }
}
