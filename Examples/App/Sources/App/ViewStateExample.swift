import ViewModelKit

#if canImport(Combine)
    import Combine
#endif

// Seed 000's view model as written: an `ObservableObject` publishing a `ViewStateWrapper`,
// loading users in 2 s that succeed or fail at random. Changed only where Linux or a test needs
// it: no SwiftUI (no `withAnimation`), and the clock and the coin passed to `init` instead of
// `DispatchQueue.main.asyncAfter` and `Bool.random()`, so a script runs it on virtual time.

/// The seed's screen, here only the namespace of its view model.
public enum ViewStateExampleView {
    /// The screen's view model, as the seed nests it in its view.
    @MainActor
    public final class ViewModel: ObservableObject {
        @Published var stateWrapper = ViewStateWrapper<[User]>()
        private let clock: any Clock<Duration>
        private let coin: CoinFlips

        public init(clock: any Clock<Duration>, coin: CoinFlips) {
            self.clock = clock
            self.coin = coin
        }

        func load() {
            if coin.flip() {
                loadUsers()
            } else {
                loadUsersAndGetError()
            }
        }

        private func loadUsers() {
            stateWrapper.state = .loading
            Task { [weak self, clock] in
                guard (try? await clock.sleep(for: .seconds(2))) != nil else { return }
                self?.stateWrapper.state = .loaded([.init(name: "Manu"), .init(name: "Muralla")])
            }
        }

        private func loadUsersAndGetError() {
            stateWrapper.state = .loading
            Task { [weak self, clock] in
                guard (try? await clock.sleep(for: .seconds(2))) != nil else { return }
                self?.stateWrapper.state = .error(SomeError())
            }
        }
    }

    /// One user of the list.
    struct User: Codable, Identifiable {
        let name: String

        var id: String { name }
    }

    /// What a failed load holds.
    struct SomeError: Error {}
}

/// Seed 000's state wrapper: the load state, the last value loaded (kept while a reload runs), and
/// whether the load running is the first.
public struct ViewStateWrapper<Info> {
    /// Where the load stands.
    public enum State {
        case initial
        case loading
        case loaded(Info)
        case error(any Error)
    }

    public var state: State = .initial {
        didSet {
            switch state {
            case .loaded(let info): lastInfoLoaded = info
            case .loading: isInitialLoading = lastInfoLoaded == nil
            case .initial, .error: break
            }
        }
    }
    public private(set) var lastInfoLoaded: Info?
    public private(set) var isInitialLoading = true

    public init() {}
}
