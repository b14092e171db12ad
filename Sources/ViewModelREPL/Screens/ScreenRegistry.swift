import Foundation
import ViewModelKit

/// The screens a session can open: each a view-model type under a name, with a summary and a factory.
///
/// ```swift
/// var screens = ScreenRegistry()
/// screens.register("foo", summary: "greets and presents a sheet", events: FooViewEvent.allCases) { _ in
///     FooViewModel()
/// }
/// ```
/// A screen's `ViewEvent` must be `Codable` (events arrive as JSON and samples describe them) and its
/// `ViewState` `Codable` (states are printed and mocked as JSON); nothing else is asked of the types.
public struct ScreenRegistry: Sendable {
    package private(set) var definitions: [ScreenDefinition] = []

    /// An empty registry.
    public init() {}

    /// Registers a screen.
    /// - Parameters:
    ///   - name: What `use` calls it: letters, digits, `-` and `_`.
    ///   - summary: One line for `screens`.
    ///   - events: One sample of each event; their arguments' values only show the types.
    ///   - make: Makes the real view model; it gets the session's clock and seed.
    public mutating func register<Model: ViewModel>(
        _ name: String,
        summary: String,
        events: [Model.ViewEvent],
        make: @escaping @MainActor @Sendable (ScreenContext) -> Model
    ) where Model.ViewEvent: Codable, Model.ViewState: Codable {
        checkNew(name)
        let catalog = LazyEventCatalog { EventCatalog(samples: events) }
        definitions.append(
            ScreenDefinition(name: name, summary: summary, lazyCatalog: catalog) { context in
                HostedScreen(name: name, catalog: catalog.value, model: make(context), forms: context.valueForms)
            })
    }

    /// Registers a screen whose events are all listed by `CaseIterable`.
    public mutating func register<Model: ViewModel>(
        _ name: String,
        summary: String,
        make: @escaping @MainActor @Sendable (ScreenContext) -> Model
    ) where Model.ViewEvent: Codable & CaseIterable, Model.ViewState: Codable {
        register(name, summary: summary, events: Array(Model.ViewEvent.allCases), make: make)
    }

    /// Registers a screen hosting any `@MainActor` class as written: its state is its stored
    /// properties, read by reflection (or `fields`, when fewer should show), and what it does is `actions`.
    ///
    /// ```swift
    /// screens.register("posts-tutorial", summary: "the tutorial's posts", actions: [
    ///     .action("load", drives: .loading) { await $0.load() },
    /// ]) { context in
    ///     PostsViewModel(loader: PostsLoader(url: url))
    /// }
    /// ```
    /// Nothing needs to be `Codable`: values are shown whatever their type (see the protocol
    /// document's value forms); `Decodable` is needed only for what is mocked, written or sent.
    /// - Parameters:
    ///   - name: What `use` calls it: letters, digits, `-` and `_`.
    ///   - summary: One line for `screens`.
    ///   - fields: The fields shown, by key path; `nil` shows every stored property.
    ///   - leavingOut: Stored properties not shown, by name (a `private let client` the view model
    ///     holds, whose state is not the screen's): one line where `fields` would list the rest.
    ///   - constants: Constants of an `@Observable` class shown beside its tracked properties, by
    ///     name (`let country`, the data the view shows): what such a class does not track is
    ///     otherwise left out, as it is as often a dependency. `vmrepl-screens` lists those of value types.
    ///   - actions: What `event NAME` calls, and which of them `load`, `reload`, `retry` and `cancel` run.
    ///   - bindings: The properties `write NAME=VALUE` sets, as a view's bindings would.
    ///   - outputs: What the view model tells the app to do (closure properties, a delegate, a
    ///     sequence), each sent as an `output` line and kept for `@outputs.NAME`.
    ///   - make: Makes the view model; it gets the session's clock and seed.
    public mutating func register<Model: AnyObject>(
        _ name: String,
        summary: String,
        fields: [ScreenField<Model>]? = nil,
        leavingOut: Set<String> = [],
        constants: Set<String> = [],
        actions: [ScreenAction<Model>],
        bindings: [ScreenBinding<Model>] = [],
        outputs: [ScreenOutput<Model>] = [],
        make: @escaping @MainActor @Sendable (ScreenContext) -> Model
    ) {
        checkNew(name)
        // Each case of an enum argument the generated file lists is an event of its own as well.
        let every = actions.flatMap { [$0] + $0.variants }
        let outputNames: [String] = outputs.flatMap { (output: ScreenOutput<Model>) -> [String] in output.names }
        precondition(Set(outputNames).count == outputNames.count, "screen '\(name)' has two outputs of one name")
        precondition(Set(every.map(\.name)).count == every.count, "screen '\(name)' has two actions of one name")
        precondition(
            !every.contains { !$0.drives.isEmpty && !$0.arguments.isEmpty },
            "screen '\(name)': an action that load, reload, retry or cancel runs takes no arguments")
        let catalog = Self.catalog(of: every)
        definitions.append(
            ScreenDefinition(name: name, summary: summary, lazyCatalog: LazyEventCatalog { catalog }) { context in
                let screen = ReflectedScreen(
                    name: name, catalog: catalog, make: { make(context) }, fields: fields, leavingOut: leavingOut, constants: constants,
                    actions: every, bindings: bindings,
                    outputs: outputs, isOnVirtualTime: context.clock is ManualClock)
                // The callbacks the factory handed the view model (`context.output("onSave")`).
                screen.takeOutputs(from: context.outputs)
                return screen
            })
    }

    /// Registers a generated screen whose view model's factory may be the team's to write: where
    /// `make` is theirs (it returns the view model), as the registration without `factory:` does.
    public mutating func register<Model: AnyObject>(
        _ name: String, summary: String, leavingOut: Set<String> = [], constants: Set<String> = [], actions: [ScreenAction<Model>],
        bindings: [ScreenBinding<Model>] = [], outputs: [ScreenOutput<Model>] = [], factory declaration: String,
        make: @escaping @MainActor @Sendable (ScreenContext) -> Model
    ) {
        register(
            name, summary: summary, leavingOut: leavingOut, constants: constants, actions: actions, bindings: bindings, outputs: outputs, make: make)
    }

    /// Registers a generated screen whose factory is not written (`make` is the generated file's
    /// stand-in, which makes nothing): `screens` says it needs a factory, and `use` answers
    /// `needs_factory` with `declaration`, the factory to write. Every other screen still runs.
    public mutating func register<Model: AnyObject>(
        _ name: String, summary: String, leavingOut: Set<String> = [], constants: Set<String> = [], actions: [ScreenAction<Model>],
        bindings: [ScreenBinding<Model>] = [], outputs: [ScreenOutput<Model>] = [], factory declaration: String,
        make: @escaping @MainActor @Sendable (ScreenContext) -> Model?
    ) {
        checkNew(name)
        let every = actions.flatMap { [$0] + $0.variants }
        let catalog = Self.catalog(of: every)
        definitions.append(
            ScreenDefinition(name: name, summary: summary, lazyCatalog: LazyEventCatalog { catalog }, needsFactory: declaration, make: nil))
    }

    /// The events of a screen hosted as written: one per action.
    private static func catalog<Model>(of actions: [ScreenAction<Model>]) -> EventCatalog {
        EventCatalog(events: actions.map { EventCatalog.Event(name: $0.name, arguments: $0.arguments, encodesAsString: false) })
    }

    /// Stops a registration whose name is not a word or is taken.
    private func checkNew(_ name: String) {
        precondition(!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "screen name '\(name)' must be a word")
        precondition(!definitions.contains { $0.name == name }, "screen '\(name)' is registered twice")
    }

    /// The screen named `name`.
    package func definition(_ name: String) -> ScreenDefinition? {
        definitions.first { $0.name == name }
    }

    /// Every screen's name, in registration order.
    package var names: [String] { definitions.map(\.name) }
}

/// One registered screen.
package struct ScreenDefinition: Sendable {
    package let name: String
    package let summary: String
    fileprivate let lazyCatalog: LazyEventCatalog
    /// Where the screen's factory is not written, the declaration to write.
    package var needsFactory: String? = nil
    /// Makes the screen; `nil` where its factory is not written.
    package let make: (@MainActor @Sendable (ScreenContext) -> any ScreenHosting)?

    /// What `screens` says of it: its summary, and that it needs a factory where it does.
    package var shownSummary: String {
        needsFactory == nil ? summary : "\(summary) (\(Messages.needsAFactory))"
    }

    /// The screen's events, worked out from the samples the first time they are asked for.
    package var catalog: EventCatalog { lazyCatalog.value }
}

/// A screen's event catalog, made the first time it is asked for: encoding the sample events is
/// about a third of an embedding's start-up, and a session that opens no screen never needs it.
private final class LazyEventCatalog: @unchecked Sendable {
    // Unchecked: the samples the closure holds are read once, under the lock.
    private let lock = NSLock()
    private var make: (() -> EventCatalog)?
    private var made: EventCatalog?

    init(_ make: @escaping () -> EventCatalog) {
        self.make = make
    }

    var value: EventCatalog {
        lock.withLock {
            if let made { return made }
            let catalog = make!()
            made = catalog
            make = nil
            return catalog
        }
    }
}
