import Foundation
import TeamScreens
import Testing
import ViewModelREPLTesting

/// The team's scripts and screens in `swift test`. Two of these fail on purpose (bad.vmrepl, and
/// a step that does not state a change): vmrepl's `make test` checks that `swift test` fails
/// naming bad.vmrepl:3 and the unstated field, and that the rest pass.
@Suite struct TeamScreensTests {
    static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts").path

    @Test(arguments: try ScriptTest.files(in: scripts))
    func script(_ file: String) async {
        await ScriptTest.run(file: file, screens: TeamScreens.registry())
    }

    @MainActor
    @Test func addingStatesEveryChange() async throws {
        let basket = try await ScreenTest("basket", in: TeamScreens.registry(), as: BasketViewState.self)
        try await basket.send(#"event add item="tea" price=3"#) {
            $0.items = ["tea"]
            $0.total = 3
        }
    }

    @MainActor
    @Test func aStepThatLeavesAChangeUnstatedFails() async throws {
        let basket = try await ScreenTest("basket", in: TeamScreens.registry(), as: BasketViewState.self)
        try await basket.send(#"event add item="sofa" price=300"#) {
            $0.items = ["sofa"]
            $0.total = 300
        }
    }
}
