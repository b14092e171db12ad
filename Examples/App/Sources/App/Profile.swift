import Observation

/// Where a profile comes from: a dependency the view model's `init` takes.
public protocol ProfileService: Sendable {
    func displayName(for id: Int) async throws -> String
}

/// Where a user is: a value the profile shows, which its view model holds as a constant.
public struct Region: Sendable {
    public let code: String
    public let name: String

    public init(code: String, name: String) {
        self.code = code
        self.name = name
    }
}

/// A profile screen whose `init` needs a service: its factory is written by hand. Its `region` is
/// a constant the view shows (shown in its state); its `service` a dependency and its `apiKey`
/// marked `@ObservationIgnored` (both left out).
@MainActor
@Observable
public final class ProfileViewModel {
    public var userID: Int
    public var displayName: String?
    public var lastError: String?
    public let region: Region
    /// A constant the team marked as none of the view's: left out.
    @ObservationIgnored public let apiKey = "profile-key"
    private let service: any ProfileService

    public init(userID: Int, service: any ProfileService, region: Region = Region(code: "GB", name: "United Kingdom")) {
        self.userID = userID
        self.service = service
        self.region = region
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
