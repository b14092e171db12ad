import ExampleScreens
import Foundation
import Testing
import ViewModelREPLTesting

/// The example screens' demos and transcripts as Swift tests, through the testing library; a
/// failing script reported at its own file and line.
@Suite struct ScriptTestTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = (try? ScriptTest.files(in: root.appendingPathComponent("Examples/demos").path)) ?? []
    static let transcripts = (try? ScriptTest.files(in: root.appendingPathComponent("Examples/transcripts").path)) ?? []
    static let bad = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Scripts/bad.vmrepl").path

    @Test func theExamplesAreFound() {
        #expect(Self.examples.count >= 6)
        #expect(Self.transcripts.count >= 2)
    }

    @Test(arguments: examples + transcripts)
    func exampleRunsAsASwiftTest(_ file: String) async {
        #expect(await ScriptTest.run(file: file, screens: ExampleScreens.registry()))
    }

    @Test func aFailedExpectIsAnIssueAtTheScriptsLine() async {
        await withKnownIssue {
            #expect(await ScriptTest.run(file: Self.bad, screens: ExampleScreens.registry()) == false)
        } matching: { issue in
            issue.sourceLocation?.fileName == "bad.vmrepl" && issue.sourceLocation?.line == 3
                && issue.comments.contains { $0.rawValue == #"expected text == "🙂", but it is "👋""# }
        }
    }
}
