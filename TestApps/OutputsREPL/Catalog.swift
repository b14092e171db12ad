import Foundation

/// Where a catalog sends the app.
enum Route: Codable, Sendable {
    case product(id: Int)
    case settings
}

/// A catalog that vends its navigation as an `AsyncStream` of routes, and posts a notification
/// when its recently viewed products are cleared.
@MainActor
final class CatalogViewModel {
    private(set) var products = [1, 2, 3]
    let routes: AsyncStream<Route>
    private let continuation: AsyncStream<Route>.Continuation

    init() {
        (routes, continuation) = AsyncStream.makeStream()
    }

    func open(_ id: Int) {
        continuation.yield(.product(id: id))
    }

    func openSettings() {
        continuation.yield(.settings)
    }

    /// Posted, with the catalog as its object, when its recently viewed products are cleared.
    static let didClearRecents = Notification.Name("CatalogDidClearRecents")

    func clearRecents() {
        NotificationCenter.default.post(name: Self.didClearRecents, object: self, userInfo: ["cleared": products.count])
    }
}
