import Foundation
import Observation
import ViewModelKit

/// A person in the users list.
public struct User: Codable, Hashable, Sendable, Identifiable {
    /// The name shown in the list; names are unique, so they double as the id.
    public var name: String
    public var id: String { name }

    /// Creates a user.
    public init(name: String) { self.name = name }
}

/// What the users screen shows: its load state, which keeps the users through a reload.
public struct UsersViewState: Codable, Hashable, Sendable {
    /// The users' load state.
    public var users: LoadState<[User]>

    /// Creates a state.
    public init(users: LoadState<[User]> = LoadState()) { self.users = users }
}

/// What the users screen's button reports.
public enum UsersViewEvent: Codable, Sendable, CaseIterable {
    /// The "Load users" button was tapped.
    case loadTapped
}

/// Why a users load failed (it fails at random, as the screen is a demonstration).
public struct UsersLoadError: LocalizedError, CustomStringConvertible, Sendable {
    public var description: String { "the users service did not answer" }
    public var errorDescription: String? { description }
}

/// The real view model of the users screen: a load takes 2 s and succeeds or fails at random.
///
/// Time and chance are injected, so a test or script sees the same outcome every run.
@MainActor
@Observable
public final class UsersViewModel: LoadingViewModel {
    /// The users a successful load returns.
    public nonisolated static let loadedUsers = [User(name: "Manu"), User(name: "Muralla")]
    /// How long a load takes on the injected clock.
    public nonisolated static let loadDuration = Duration.seconds(2)

    public var viewState = UsersViewState()

    @ObservationIgnored private let fetch: @Sendable () async throws -> [User]
    @ObservationIgnored private lazy var runner = LoadRunner<[User]> { [weak self] in self?.viewState.users.apply($0) }

    /// Creates the view model over `fetch`, what a load calls.
    public init(fetch: @escaping @Sendable () async throws -> [User]) {
        self.fetch = fetch
    }

    /// Creates the view model over the demonstration service (``randomFetch(clock:random:)``).
    public convenience init(clock: any Clock<Duration> = ContinuousClock(), random: any RandomNumberGenerator = SystemRandomNumberGenerator()) {
        self.init(fetch: Self.randomFetch(clock: clock, random: random))
    }

    /// The demonstration's users service: each call takes 2 s and succeeds or fails at random.
    /// - Parameters:
    ///   - clock: What a call waits on; a ``ManualClock`` in tests and scripts.
    ///   - random: Decides whether each call succeeds; seed it for a fixed sequence.
    public nonisolated static func randomFetch(clock: any Clock<Duration>, random: any RandomNumberGenerator) -> @Sendable () async throws -> [User] {
        let coin = CoinFlips(random)
        return {
            // The coin is flipped when the call starts, so the outcome follows the seed and the order of loads alone.
            let succeeds = coin.flip()
            try await clock.sleep(for: loadDuration)
            guard succeeds else { throw UsersLoadError() }
            return loadedUsers
        }
    }

    public func handle(event: UsersViewEvent) {
        switch event {
        case .loadTapped: load()
        }
    }

    public func load() {
        runner.start(fetch)
    }

    public func retry() -> Bool {
        guard runner.canRetry else { return false }
        load()
        return true
    }

    public func cancelLoad() { runner.cancel() }
    public var isLoading: Bool { runner.isRunning }
    public func waitUntilIdle() async { await runner.waitUntilIdle() }
}
