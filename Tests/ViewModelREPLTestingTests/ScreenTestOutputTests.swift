import Testing
import ViewModelREPL
import ViewModelREPLTesting

/// What a screen's view model tells the app to do, as a ``ScreenTest`` sees it: each step's
/// outputs and everything sent so far by name.
@MainActor
@Suite struct ScreenTestOutputTests {
    /// What a finished order comes to.
    struct Receipt: Codable, Equatable, Sendable {
        var order: Int
    }

    /// A view model that reports through one closure property, at once or after a second.
    @MainActor
    final class OrderModel {
        private(set) var orders = 0
        var onDone: ((Receipt) -> Void)?
        private let clock: any Clock<Duration>

        init(clock: any Clock<Duration>) {
            self.clock = clock
        }

        func finish() {
            orders += 1
            onDone?(Receipt(order: orders))
        }

        func finishLater() async {
            try? await clock.sleep(for: .seconds(1))
            finish()
        }
    }

    struct OrderState: Codable, Equatable {
        var orders: Int
    }

    static func screens() -> ScreenRegistry {
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

    @Test func aStepExposesTheOutputsItCausedAndTheTestKeepsThemAll() async throws {
        let screen = try await ScreenTest("order", in: Self.screens(), as: OrderState.self)
        #expect(screen.outputs.isEmpty)
        try await screen.send("event finish") { $0.orders = 1 }
        #expect(screen.outputs.map(\.name) == ["onDone"])
        #expect(screen.outputs.first?.json == #"{"order":1}"#)
        #expect(screen.outputs.first?.command == "event finish")
        #expect(screen.outputs.first?.screen == "order")
        #expect(try screen.outputs.first?.value(as: Receipt.self) == Receipt(order: 1))
        try await screen.send("event finish") { $0.orders = 2 }
        #expect(try screen.outputs(named: "onDone", as: Receipt.self) == [Receipt(order: 1), Receipt(order: 2)])
        #expect(screen.outputs(named: "onOther").isEmpty)
    }

    @Test func anOutputSentAfterItsStepArrivesWithALaterStepNamingTheStepThatCausedIt() async throws {
        let screen = try await ScreenTest("order", in: Self.screens(), as: OrderState.self, exhaustivity: .off)
        try await screen.send("event finishLater")
        #expect(screen.outputs.isEmpty)
        try await screen.send("wait") { $0.orders = 1 }
        #expect(screen.outputs.map(\.command) == ["event finishLater"])
        #expect(screen.outputs.map(\.description) == [#"→ onDone {"order":1}"#])
        try await screen.send("state")
        #expect(screen.outputs.isEmpty)
        #expect(screen.outputs(named: "onDone").count == 1)
    }
}
