import Observation
import ViewModelKit
import ViewModelREPL

/// A shopping basket's screen, as the team wrote it.
public struct BasketViewState: Codable, Equatable, Sendable {
    public var items: [String] = []
    public var total = 0
    public var note: String?

    public init(items: [String] = [], total: Int = 0, note: String? = nil) {
        self.items = items
        self.total = total
        self.note = note
    }
}

/// What the basket's controls report.
public enum BasketViewEvent: Codable, Equatable, Sendable {
    case add(item: String, price: Int)
    case clear
}

@MainActor
@Observable
public final class BasketViewModel: ViewModel {
    public var viewState = BasketViewState()

    public init() {}

    public func handle(event: BasketViewEvent) {
        switch event {
        case .add(let item, let price):
            viewState.items.append(item)
            viewState.total += price
            if viewState.total > 100 { viewState.note = "free delivery" }
        case .clear:
            viewState = BasketViewState()
        }
    }
}

/// The team's screens, registered once for its vmrepl and its tests.
public enum TeamScreens {
    @MainActor
    public static func registry() -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register("basket", summary: "a shopping basket", events: [.add(item: "tea", price: 1), .clear]) { _ in BasketViewModel() }
        return screens
    }
}
