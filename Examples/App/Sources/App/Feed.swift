import Foundation
import Observation

/// How the feed is sorted: a raw-value enum that is not `Codable`, sent by a case's name.
public enum FeedSortKey: String, Sendable {
    case title
    case length
}

/// How the feed is laid out: an enum with neither a raw value nor `Codable`.
public enum FeedLayout: Sendable {
    case list
    case grid
}

/// What the feed's view sends, reducer style: one method drives the screen with an enum whose
/// cases carry payloads, and which is not `Codable`.
public enum FeedAction: Sendable {
    case clear
    case rename(index: Int, title: String)
    case remove(Int)
}

/// A handle to a file, which no event can pass: neither `Decodable` nor an enum.
public final class FeedAttachment {
    public init() {}
}

/// A dependency the feed is handed, as a team's injection wrapper holds it.
@propertyWrapper
public struct Injected<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// An item's identifier, as an alias.
public typealias FeedItemID = Int

/// A list screen as a team writes one for a `List`: its `onDelete` and `onMove` handlers take an
/// `IndexSet`, its content height is a `CGFloat` binding, one method answers a validation the view
/// asks, and its sort key and layout are enums without `Codable`.
@MainActor
@Observable
public final class FeedViewModel {
    public var items = ["tea", "milk", "bread"]
    public var contentHeight: CGFloat = 0
    public var sortKey = FeedSortKey.title
    public var layout = FeedLayout.list
    public private(set) var selected: FeedItemID?
    /// Marked `@ObservationIgnored`: a dependency, never the state.
    @ObservationIgnored @Injected var repository = "live-feed-repository"

    public init() {}

    public func deleteItems(at offsets: IndexSet) {
        for offset in offsets.reversed() where items.indices.contains(offset) { items.remove(at: offset) }
    }

    public func moveItems(from source: IndexSet, to destination: Int) {
        let moving = source.filter { items.indices.contains($0) }.map { items[$0] }
        var kept = items.enumerated().filter { !source.contains($0.offset) }.map(\.element)
        let before = source.filter { $0 < destination }.count
        kept.insert(contentsOf: moving, at: min(max(destination - before, 0), kept.count))
        items = kept
    }

    public func sort(by key: FeedSortKey, ascending: Bool = true) {
        sortKey = key
        items.sort { key == .title ? $0 < $1 : $0.count < $1.count }
        if !ascending { items.reverse() }
    }

    public func canAdd(title: String) -> Bool {
        !title.isEmpty && !items.contains(title)
    }

    public func add(title: String) {
        if canAdd(title: title) { items.append(title) }
    }

    public func select(_ id: FeedItemID) {
        selected = id
    }

    public func show(_ layout: FeedLayout) {
        self.layout = layout
    }

    public func attach(_ attachment: FeedAttachment) {}

    public func send(_ action: FeedAction) {
        switch action {
        case .clear: items = []
        case .rename(let index, let title) where items.indices.contains(index): items[index] = title
        case .remove(let index) where items.indices.contains(index): items.remove(at: index)
        default: break
        }
    }
}

/// A report form whose `init` takes the project it reports on, and whose factory this app has
/// not written: its screen says it needs one, and every other screen still runs.
@MainActor
@Observable
public final class ReportViewModel {
    public let projectID: Int
    public var details = ""

    public init(projectID: Int) {
        self.projectID = projectID
    }
}

/// Sync settings as DuckDuckGo's take their callback: given at `init`, not a property to set. The
/// generated factory passes a recording closure (`context.output("onSave")`), so each save is an output.
@MainActor
@Observable
public final class SyncSettingsViewModel {
    public var deviceName = "phone"
    private let onSave: (String) -> Void

    public init(onSave: @escaping (String) -> Void, title: String = "Sync") {
        self.onSave = onSave
    }

    public func save() {
        onSave(deviceName)
    }
}
