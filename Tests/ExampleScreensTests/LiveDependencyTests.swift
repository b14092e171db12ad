import Foundation
import Testing
import ViewModelKit

@testable import ExampleScreens

/// In the app, a screen takes its live function directly: nothing of the REPL is needed.
@MainActor
struct LiveDependencyTests {
    @Test func usersLoadThroughAPlainClosure() async {
        let model = UsersViewModel(fetch: { [User(name: "Grace")] })
        model.load()
        await model.waitUntilIdle()
        #expect(model.viewState.users.value == [User(name: "Grace")])
    }
}
