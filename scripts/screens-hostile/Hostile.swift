// View models of hostile shapes for scripts/check-screens-plugin.sh: compiled into a module of its
// own with its symbol graph, whose generated screens file must type-check. Conformance to
// `Observable` is written out (no macro), so the module builds with a bare swiftc.
import Foundation
import Observation

public struct Item: Codable, Sendable {
    public var id: Int
}

public enum ItemError: Error {
    case missing
}

/// Keywords as labels, parameter and member names; `_` names; one label twice; `model`; `inout`.
@MainActor
public final class KeywordsViewModel: Observable {
    public init() {}
    public var `default`: Int {
        get { 0 }
        set {}
    }
    public var `is`: Bool {
        get { false }
        set {}
    }
    public func toggle(for: Int) {}
    public func check(is: Bool, return: Int, where: String) {}
    public func `return`() {}
    public func `in`(in: Int, self: Int) {}
    public func unnamed(_ _: Int) {}
    public func unnamedTwice(_ _: Int, _ _: String) {}
    public func twice(x a: Int, x b: Int) {}
    public func twiceUnnamed(x _: Int, x _: Int) {}
    public func twiceSame(x a: Int, y x: Int) {}
    public func pick(model: Int) {}
    public func pickBoth(model: Int, screenModel: Int) {}
    public func bump(_ value: inout Int) {}
    public func label(`inout` value: Int, `let`: Int) {}
    public func pair() async -> (Int, Int) { (1, 2) }
    public func typed() throws(ItemError) {}
    public func both() async throws(ItemError) -> (Int, String) { (1, "") }
    public func item(_ item: Item, `var`: Int) -> Item { item }
}

/// Named `settings`, as SettingsViewModel would be.
@MainActor
public final class Settings: Observable {
    public init() {}
    public func fetchAll() async {}
}

/// Named `settings` too, and several loads: `load` drives loading.
@MainActor
public final class SettingsViewModel: Observable {
    public init() {}
    public func fetchAll() async {}
    public func refresh() async {}
    public func load() async {}
}

/// No `load`: `refresh` drives loading.
@MainActor
public final class RefreshingViewModel: Observable {
    public init() {}
    public func fetchB() async {}
    public func refresh() async {}
}

/// Only fetches: the first by name drives loading.
@MainActor
public final class FetchingViewModel: Observable {
    public init() {}
    public func fetchB() async {}
    public func fetchA() async {}
}

/// None of these inits is plain: each needs a factory.
@MainActor
public final class AsyncInitViewModel: Observable {
    public init() async {}
}

@MainActor
public final class ThrowingInitViewModel: Observable {
    public init() throws {}
}

@MainActor
public final class FailableInitViewModel: Observable {
    public init?() {}
}

/// Every parameter defaulted (one with a closure whose arrow and brackets are no parameter's end):
/// made by `init()`, with no factory.
@MainActor
public final class DefaultedInitViewModel: Observable {
    public init(names: [String] = ["a, b", "c"], pick: @escaping @Sendable (Int) -> Int = { $0 > 1 ? 1 : 0 }, label: String = "x=(y") {}
}

/// One parameter defaulted and one not: made by a factory.
@MainActor
public final class PartlyDefaultedInitViewModel: Observable {
    public init(count: Int = 1, name: String) {}
}

/// A view model nested in its view, as SwiftUI code often nests one: named after the view.
public enum LoginView {
    @MainActor
    public final class ViewModel: Observable {
        public init() {}
        public func submit() {}
    }
}

// Issue 46: every class a view would observe is hosted, whatever its isolation or base; the rest is named.

/// No actor at all, as most apps' view models are: made and driven on the main actor.
public final class NonisolatedViewModel: Observable {
    public init() {}
    public var count = 0
    /// Defaulted and optional arguments, which `event` may leave out.
    public func dismiss(animated: Bool = true, reason: String? = nil) {}
    public func search(_ text: String, limit: Int = 10, page: Int = 1) -> Int { 0 }
    public func load() async { count += 1 }
    public func bump() { count += 1 }
}

/// A base store generic in its state, and a subclass that names it: the base's members, specialised.
open class StateStore<State>: Observable {
    public init() {}
    open func handle(_ state: State) {}
    public func resetAll() {}
}

public final class RoomViewModel: StateStore<Int> {
    public override init() {}
    public func leave() {}
}

/// The module's own `Date`, which is not Foundation's, and an alias of a `Decodable` type.
public struct Date: Codable, Sendable {
    public var day: Int
}

public typealias PostID = Int

/// `send(_:)` from a protocol extension: an action, its associated type read from the class's alias.
public protocol Stateful: AnyObject {
    associatedtype Action
}

extension Stateful {
    public func send(_ action: Action) {}
}

public final class TypesViewModel: Observable, Stateful {
    public typealias Action = Int
    public init() {}
    public func open(id: PostID, on day: Date) {}
}

/// Constants of an `@Observable` class: those of value types are shown (a struct, an alias of one,
/// an array, a tuple, an optional); references, existentials and closures are dependencies, also
/// in an optional or an array.
public final class ConstantsViewModel: Observable {
    public struct Country: Sendable { public let name: String }
    public final class Service {}
    public let country = Country(name: "Chile")
    public let id: PostID = 1
    public let names: [String] = []
    public let pair = (1, "one")
    public let when: Date? = nil
    private let limit = 3
    public let service = Service()
    public let optionalService: Service? = nil
    public let client: any Sendable = 1
    public let optionalClient: (any Sendable)? = nil
    public let services: [Service] = []
    public let handler: (() -> Void)? = nil
    // Spelled long-hand, a reference is still one; a qualified or labelled value still a value.
    public let longOptional: Service? = nil
    public let serviceSecond: (Int, Service) = (1, Service())
    public let byName: [String: Service] = [:]
    public let qualified: Swift.Int = 1
    public let labelled: (a: Int, b: String) = (1, "")
    public let runner = Runner(run: {})
    public let action = Action.idle
    public let tree = Tree.leaf(1)
    public typealias Handler = @Sendable () -> Void
    /// A struct holding only a closure, through an alias.
    public struct Runner: Sendable {
        public let run: Handler
    }
    /// An enum whose case carries a closure.
    public enum Action: Sendable {
        case idle
        case run(@Sendable () -> Void)
    }
    /// An enum that holds itself: data all through.
    public indirect enum Tree: Sendable {
        case leaf(Int)
        case node(Tree, Tree)
    }
    public var tracked = 0
    public static let shared = 1
    public init() {}
}

/// An actor named as a store is: named, as no view observes it.
public actor SessionStore {
    public init() {}
}

/// Two classes both named space: the nested one is named with its scope, and says so.
public enum Space {
    public final class ViewModel: Observable {
        public init() {}
    }
}

public final class SpaceViewModel: Observable {
    public init() {}
}

/// A raw identifier, and a name with no letter.
public final class `Login Screen`: Observable {
    public init() {}
}

public final class 🐶ViewModel: Observable {
    public init() {}
}

/// Not hosted, each named: a plain class with a delegate, a class on another global actor.
public final class DelegateViewModel {
    public init() {}
}

@globalActor public actor StorageActor {
    public static let shared = StorageActor()
}

@StorageActor
public final class StorageViewModel: Observable {
    public init() {}
}

/// All-defaulted init with a factory of the team's: the factory wins.
public final class FactoryWinsViewModel: Observable {
    public init(name: String = "x") {}
}

/// Members only a debug build has: the symbol graph (built with -D DEBUG) names them, and the
/// generated file puts them under the same `#if`, so it builds without DEBUG too.
public final class DebugMenuViewModel: Observable {
    public init() {}
    public func refreshAll() {}
    #if DEBUG
        public func crash() {}
        public var verbose = false
    #else
        public func shipIt() {}
    #endif
}

#if DEBUG
    /// A class only a debug build has.
    public final class InspectorViewModel: Observable {
        public init() {}
        public func inspect() {}
    }
#endif

/// A delegate protocol whose requirement has an unnamed parameter and a throwing one.
@MainActor
public protocol ShippingDelegate: AnyObject {
    func shippingDidChoose(_ option: Int, note: String)
    func shippingDidFail(error message: String) async throws
}

/// A delegate protocol with a property requirement, which no recorder can give.
public protocol ReportingDelegate: AnyObject {
    var name: String { get }
}

/// Outputs of every shape: optional, non-optional, async and throwing closures; labelled closure
/// parameters; a closure that returns a value (left out); delegates; a stream; a notification.
@MainActor
public final class OutputsViewModel: Observable {
    public init() {}
    public var onDone: (@MainActor (Item) -> Void)?
    public var onRate: ((_ stars: Int, _ comment: String) -> Void)?
    public var onAsync: @Sendable (Int) async throws -> Void = { _ in }
    public var onNothing: () -> Void = {}
    public var transform: ((Int) -> Int)?
    public weak var shipping: (any ShippingDelegate)?
    public weak var reporting: (any ReportingDelegate)?
    public let events: AsyncThrowingStream<Item, any Error> = AsyncThrowingStream { $0.finish() }
    /// An optional stream: left out, as it may be set after the screen subscribes.
    public var later: AsyncStream<Item>?
    /// Posted when the order is placed; its posts are outputs.
    public static let didPlaceOrder = Notification.Name("OutputsDidPlaceOrder")
    /// Not a notification's name: no output.
    public static let limit = 3
}

/// Issue 53: what a list's view calls, judged by the compiler rather than by how the types are
/// spelled: an `IndexSet`, a `CGFloat`, an alias, raw-value and plain enums without `Codable`, a
/// class no event can pass (listed, refused with a reason), results, and a delegate whose
/// method names `CGFloat` (the generated file imports Foundation for its recorder).
public enum ListSortKey: String, Sendable {
    case name
    case date
}

public enum ListLayout: Sendable {
    case rows
    case cards
}

public final class ListAttachment {}

/// A reducer's action: payloads labelled and not, a keyword case, and a closure (left out).
public enum ListAction {
    case refresh
    case open(id: PostID)
    case pick(Int, String)
    case `default`
    case run(() -> Void)
    // Left out: more payloads than a case form takes, and two cases of one name.
    case four(Int, Int, Int, Int)
    case choose(id: Int)
    case choose(name: String)
}

@MainActor
public protocol ScrollingDelegate: AnyObject {
    func didScroll(to offset: CGFloat)
}

@MainActor
public final class ListHandlersViewModel: Observable {
    public init() {}
    public var contentHeight: CGFloat = 0
    public var sortKey = ListSortKey.name
    public var layout = ListLayout.rows
    public weak var scrolling: (any ScrollingDelegate)?
    public func deleteItems(at offsets: IndexSet) {}
    public func moveItems(from source: IndexSet, to destination: Int) {}
    public func sortBy(_ key: ListSortKey, ascending: Bool) {}
    public func show(_ layout: ListLayout) {}
    public func attach(_ attachment: ListAttachment) {}
    public func canAdd(name: String) -> Bool { !name.isEmpty }
    public func select(_ id: PostID) -> PostID { id }
    public func dispatch(_ action: ListAction) {}
}

/// Callbacks given at init: one that returns nothing is recorded by the generated factory; one that
/// returns a value cannot be, and is named.
@MainActor
public final class RecordedInitViewModel: Observable {
    /// Kept as a property too: recorded once, by the init's recording closure, not again as a closure output.
    public var onSave: (Int, String) -> Void
    public init(onSave: @escaping (Int, String) -> Void, onClose: (@MainActor () -> Void)? = nil, title: String = "") {
        self.onSave = onSave
    }
}

@MainActor
public final class ValidatingInitViewModel: Observable {
    public init(validate: @escaping (String) -> Bool) {}
}

/// Issue 56: outputs that would share a name (a closure and a notification's name alike, two
/// delegates of one protocol) are left out, both named; a delegate protocol refining another gets
/// a recorder with both's requirements; a delegate's parameter named `send`; a closure property
/// whose parameter is itself an escaping closure.
@MainActor
public protocol BaseRoutingDelegate: AnyObject {
    func didOpen(id: Int)
}

@MainActor
public protocol RoutingDelegate: BaseRoutingDelegate {
    func didClose(send: Bool)
}

@MainActor
public final class CollidingOutputsViewModel: Observable {
    public init() {}
    public var didSave: (() -> Void)?
    public static let didSave = Notification.Name("CollidingDidSave")
    public weak var first: (any ShippingDelegate)?
    public weak var second: (any ShippingDelegate)?
    public weak var routing: (any RoutingDelegate)?
    public var onRetry: ((@escaping () -> Void) -> Void)?
    public private(set) var updates = AsyncStream<Int> { $0.finish() }
}

/// The module's own types named as vmrepl's are: the generated file must write vmrepl's qualified.
public struct ScreenContext: Sendable {
    public init() {}
}
public struct ScreenRegistry: Sendable {
    public init() {}
}
public struct ActionResult: Sendable {}
public struct ArgumentForm: Sendable {}
public struct ScreenAction: Sendable {}
public struct ScreenOutput: Sendable {}
public struct ContextOutputs: Sendable {}
