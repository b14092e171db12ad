import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// Callbacks a view model is given at `init` (`let onSave: (Device) -> Void`, as DuckDuckGo's sync
/// settings take it): `context.output("onSave")` records each call as an output.
@MainActor
struct ContextOutputTests {
    struct Device: Sendable {
        let name: String
    }

    final class SyncSettings {
        let onSave: (Device) -> Void
        let onClose: @MainActor () -> Void
        let onPick: (Int, String) -> Void
        var saved = 0

        init(onSave: @escaping (Device) -> Void, onClose: @escaping @MainActor () -> Void, onPick: @escaping (Int, String) -> Void) {
            self.onSave = onSave
            self.onClose = onClose
            self.onPick = onPick
        }

        func save(_ name: String) {
            saved += 1
            onSave(Device(name: name))
        }
    }

    static func screens() -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register(
            "sync", summary: "callbacks given at init",
            actions: [
                .action("save", "name") { (model: SyncSettings, name: String) in model.save(name) },
                .action("close") { (model: SyncSettings) in model.onClose() },
                .action("pick") { (model: SyncSettings) in model.onPick(2, "b") },
            ]
        ) { context in
            SyncSettings(onSave: context.output("onSave"), onClose: context.output("onClose"), onPick: context.output("onPick"))
        }
        return screens
    }

    @Test func eachCallOfAFactorysCallbackIsAnOutput() async throws {
        let result = try await SessionTranscript.run(
            [
                "use sync", #"event save name="phone""#, "event close", "event pick", #"expect @outputs.onSave[0].name == "phone""#,
                "expect @outputs.onClose.count == 1", #"expect @outputs.onPick[0] == [2,"b"]"#,
            ], screens: Self.screens())
        let outputs = result.parsed().lines.filter { $0["type"] as? String == "output" }
        #expect(outputs.map { $0["name"] as? String } == ["onSave", "onClose", "onPick"])
        #expect(outputs.map { $0["line"] as? Int } == [2, 3, 4])
        #expect(json(outputs.first?["value"]) == #"{"name":"phone"}"#)
        #expect(result.status == 0)
    }
}
