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
        precondition(!name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }, "screen name '\(name)' must be a word")
        precondition(!definitions.contains { $0.name == name }, "screen '\(name)' is registered twice")
        let catalog = LazyEventCatalog { EventCatalog(samples: events) }
        definitions.append(
            ScreenDefinition(name: name, summary: summary, lazyCatalog: catalog) { context in
                HostedScreen(name: name, catalog: catalog.value, model: make(context))
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
    package let make: @MainActor @Sendable (ScreenContext) -> any ScreenHosting

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
