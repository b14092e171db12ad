#if canImport(Combine)
    import Combine
#endif

/// A basket as most apps write a view model: an `ObservableObject` with no actor at all, whose
/// `init` has a default the team's factory replaces (the factory, not `init()`, makes its screen).
public class BasketStore: ObservableObject {
    @Published public var items: [String]
    /// Subscriptions, as most `ObservableObject`s keep them: the generated screen leaves them out.
    private var cancellables = Set<AnyCancellable>()

    public init(items: [String] = []) {
        self.items = items
    }

    /// `times` may be left out of `event add`: it then takes its default.
    public func add(_ item: String, times: Int = 1) {
        items += Array(repeating: item, count: max(times, 0))
    }

    public func clear() {
        items.removeAll()
        cancellables.removeAll()
    }
}

/// The basket with a discount code: a subclass, whose screen has its base's actions as well.
public final class DiscountBasketStore: BasketStore {
    @Published public var code = ""
    /// A dependency, not state: the team's `leavingOut(_:)` leaves it out of the screen.
    let pricingService = "live-pricing-service"

    public init() {
        super.init(items: ["bread"])
    }

    public func apply(code: String) {
        self.code = code
    }
}
