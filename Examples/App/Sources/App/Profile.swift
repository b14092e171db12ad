import Observation

/// Where a profile comes from: a dependency the view model's `init` takes.
public protocol ProfileService: Sendable {
    func displayName(for id: Int) async throws -> String
}

/// A profile screen whose `init` needs a service: its factory is written by hand.
@MainActor
@Observable
public final class ProfileViewModel {
    public var userID: Int
    public var displayName: String?
    public var lastError: String?
    private let service: any ProfileService

    public init(userID: Int, service: any ProfileService) {
        self.userID = userID
        self.service = service
    }

    public func refresh() async {
        do {
            displayName = try await service.displayName(for: userID)
            lastError = nil
        } catch {
            lastError = "\(error)"
        }
    }

    public func show(userID: Int, reload: Bool) async {
        self.userID = userID
        if reload { await refresh() }
    }
}
