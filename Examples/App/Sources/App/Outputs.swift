import Foundation
import Observation

#if canImport(Combine)
    import Combine
#endif

/// What a paid order comes to.
public struct Receipt: Codable, Sendable, Equatable {
    public let id: Int
    public let total: Int
}

/// Charges a card; answers at once in this example.
public struct Payments: Sendable {
    public init() {}

    public func charge(_ total: Int) async -> Receipt {
        await Task.yield()
        return Receipt(id: 7, total: total)
    }
}

/// A checkout that reports through two closure properties, as a coordinator gives them: the order
/// paid, and the flow cancelled.
@MainActor
@Observable
public final class CheckoutViewModel {
    public private(set) var total = 30
    public private(set) var isPaying = false
    @ObservationIgnored public var onFinished: ((Receipt) -> Void)?
    @ObservationIgnored public var onCancel: (() -> Void)?
    @ObservationIgnored private let payments: Payments

    public init(payments: Payments = Payments()) {
        self.payments = payments
    }

    public func pay() async {
        isPaying = true
        let receipt = await payments.charge(total)
        isPaying = false
        onFinished?(receipt)
    }

    public func cancel() {
        onCancel?()
    }
}

/// What a login tells the screen that presented it.
@MainActor
public protocol LoginDelegate: AnyObject {
    func loginDidSucceed(user: String, remember: Bool)
    func loginDidAskForHelp()
}

/// A login that reports through a weak delegate, as UIKit-era screens do.
@MainActor
@Observable
public final class LoginViewModel {
    public var name = ""
    public private(set) var error: String?
    @ObservationIgnored public weak var delegate: (any LoginDelegate)?

    public init() {}

    public func submit() {
        guard !name.isEmpty else {
            error = "enter a name"
            return
        }
        error = nil
        delegate?.loginDidSucceed(user: name, remember: true)
    }

    public func help() {
        delegate?.loginDidAskForHelp()
    }
}

/// Where a catalog sends the app.
public enum Route: Codable, Sendable, Equatable {
    case product(id: Int)
    case settings
}

/// A catalog that vends its navigation as an `AsyncStream` of routes, what it opens and its banner
/// through Combine subjects, and posts a notification when its recently viewed products are cleared.
@MainActor
@Observable
public final class CatalogViewModel {
    public private(set) var products = [1, 2, 3]
    @ObservationIgnored public let routes: AsyncStream<Route>
    @ObservationIgnored private let continuation: AsyncStream<Route>.Continuation
    /// Each product opened, for the app's analytics.
    public let opened = PassthroughSubject<Int, Never>()
    /// The banner the app's chrome shows above the catalog: each change is sent, the first value is not.
    public let banner = CurrentValueSubject<String, Never>("welcome")

    public init() {
        (routes, continuation) = AsyncStream.makeStream()
    }

    public func open(_ id: Int) {
        continuation.yield(.product(id: id))
        opened.send(id)
    }

    public func openSettings() {
        continuation.yield(.settings)
    }

    /// Posted, with the catalog as its object, when its recently viewed products are cleared.
    public static let didClearRecents = Notification.Name("CatalogDidClearRecents")

    public func clearRecents() {
        NotificationCenter.default.post(name: Self.didClearRecents, object: self, userInfo: ["cleared": products.count])
        banner.send("recents cleared")
    }
}
