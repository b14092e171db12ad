import Observation

/// Which items a list shows.
public enum Filter: String, Codable, Sendable, CaseIterable {
    case all, open, done
}

/// One row of the to-do list.
public struct TodoItem: Codable, Equatable, Sendable {
    public var title: String
    public var done: Bool
}

/// A to-do list: an enum argument, a struct argument, three arguments, a method returning a value.
@MainActor
@Observable
public final class TodoListViewModel {
    public var items: [TodoItem] = []
    public var filter = Filter.all
    public var query = ""

    public init() {}

    public func select(_ filter: Filter) { self.filter = filter }
    public func add(_ item: TodoItem) { items.append(item) }
    public func addMany(title: String, count: Int, done: Bool) {
        items += (1...max(1, count)).map { TodoItem(title: "\(title) \($0)", done: done) }
    }
    @discardableResult
    public func complete(at index: Int) -> Bool {
        guard items.indices.contains(index) else { return false }
        items[index].done = true
        return true
    }
    public var visible: [TodoItem] {
        switch filter {
        case .all: items
        case .open: items.filter { !$0.done }
        case .done: items.filter(\.done)
        }
    }
}
