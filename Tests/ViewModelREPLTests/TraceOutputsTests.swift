import Foundation
import Testing

@testable import ViewModelREPL

/// Outputs on the trace page: each on the step of the request whose line it carries, whether it
/// was written before that step's reply or sent by its work later, live and read from a log.
@MainActor
struct TraceOutputsTests {
    /// A view model that reports each order through one closure property, at once or after a second.
    @MainActor
    final class OrderModel {
        private(set) var orders = 0
        var onDone: ((Int) -> Void)?
        private let clock: any Clock<Duration>

        init(clock: any Clock<Duration>) {
            self.clock = clock
        }

        func finish() {
            orders += 1
            onDone?(orders)
        }

        func finishLater() async {
            try? await clock.sleep(for: .seconds(1))
            finish()
        }
    }

    private static func screens() -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register(
            "order", summary: "reports each order through onDone",
            actions: [.action("finish") { $0.finish() }, .action("finishLater") { await $0.finishLater() }],
            outputs: [.closure("onDone", \.onDone)]
        ) { context in
            OrderModel(clock: context.clock)
        }
        return screens
    }

    /// Each step's command and the outputs it holds, as `name=value`.
    private func outputs(_ trace: TraceRecorder) -> [String] {
        trace.steps.map { step in
            let sent = step.pushes.compactMap { line -> String? in
                guard line["type"] == .string("output"), case .string(let name)? = line["name"], let value = line["value"] else { return nil }
                return "\(name)=\(JSONWriter.string(value))"
            }
            return "\(step.command ?? "-"): \(sent.joined(separator: " "))"
        }
    }

    private let requests = ["use order", "event finish", "event finishLater", "wait", "state"]
    private let expected = ["-: ", "use order: ", "event finish: onDone=1", "event finishLater: onDone=2", "wait: ", "state: "]

    @Test func anOutputIsOnTheStepOfItsRequestEvenWhenItsWorkSentItAfterTheReply() async throws {
        let (trace, log) = await TraceLogReaderTests.session(requests, registry: Self.screens())
        // The log: the later output came after its step's reply, before the wait's.
        let later = try #require(log.firstIndex { $0.contains(#""name":"onDone","value":2"#) })
        #expect(log[later].contains(#""line":3"#) && !log[later].contains("push"))
        #expect(log[..<later].contains { $0.hasPrefix("{") && $0.contains(#""line":3"#) && $0.contains(#""type":"state""#) })
        #expect(outputs(trace) == expected)
        // Each output carries the clock it came at: the later one a second on.
        let step = try #require(trace.steps.first { $0.command == "event finishLater" })
        #expect(step.pushClocks.count == step.pushes.count)
        let index = try #require(step.pushes.firstIndex { $0["type"] == .string("output") })
        #expect(step.pushClocks[index] == 1)
    }

    @Test func aLogReadBackPutsEachOutputOnTheSameStep() async throws {
        let (_, log) = await TraceLogReaderTests.session(requests, registry: Self.screens())
        #expect(outputs(TraceLogReaderTests.read(log)) == expected)
    }
}
