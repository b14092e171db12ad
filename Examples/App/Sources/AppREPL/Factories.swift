import App
import ViewModelKit
import ViewModelREPL

/// The factories of the view models whose `init` takes arguments: the one file of hand-written
/// lines, which `vmrepl-screens` never touches.
extension GeneratedScreens {
    static func make(_ type: ContactsViewModel.Type, context: ScreenContext) -> ContactsViewModel {
        ContactsViewModel(clock: context.clock)
    }

    static func make(_ type: ViewStateExampleView.ViewModel.Type, context: ScreenContext) -> ViewStateExampleView.ViewModel {
        ViewStateExampleView.ViewModel(clock: context.clock, coin: CoinFlips(context.makeRandom()))
    }

    static func make(_ type: ProfileViewModel.Type, context: ScreenContext) -> ProfileViewModel {
        ProfileViewModel(userID: 1, service: SessionProfiles(displayName: context.dependency("displayName", live: { (id: Int) in "User \(id)" })))
    }
}

/// The profile service on the session's dependency table, so `stub displayName` controls it.
private struct SessionProfiles: ProfileService {
    let displayName: @Sendable (Int) async throws -> String

    func displayName(for id: Int) async throws -> String {
        try await displayName(id)
    }
}

/// The basket's factory: written by the team, so it is picked over `init()`.
extension GeneratedScreens {
    static func make(_ type: BasketStore.Type, context: ScreenContext) -> BasketStore {
        BasketStore(items: ["tea"])
    }

    /// The discount basket's pricing service is a dependency, not state.
    static func leavingOut(_ type: DiscountBasketStore.Type) -> [String] {
        ["pricingService"]
    }
}
