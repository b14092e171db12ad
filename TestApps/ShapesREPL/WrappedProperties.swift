import Foundation

/// A stand-in of Combine's `Published`, with its storage layout: the value itself until someone
/// subscribes to its publisher, then the publisher, whose subject holds the current value.
@propertyWrapper
struct Published<Value> {
    /// What the wrapper holds.
    enum Storage {
        case value(Value)
        case publisher(Publisher)
    }

    /// The publisher a subscription made, holding the value from then on.
    final class Publisher {
        let subject: Subject
        init(_ value: Value) { subject = Subject(value) }
    }

    /// The subject that keeps the current value.
    final class Subject {
        var currentValue: Value
        init(_ value: Value) { currentValue = value }
    }

    var storage: Storage

    init(wrappedValue: Value) {
        storage = .value(wrappedValue)
    }

    var wrappedValue: Value {
        get {
            switch storage {
            case .value(let value): value
            case .publisher(let publisher): publisher.subject.currentValue
            }
        }
        set {
            switch storage {
            case .value: storage = .value(newValue)
            case .publisher(let publisher): publisher.subject.currentValue = newValue
            }
        }
    }

    /// Subscribing moves the value into a publisher, as Combine's does.
    mutating func subscribe() {
        if case .value(let value) = storage { storage = .publisher(Publisher(value)) }
    }
}

/// A team's own wrapper that keeps its value as a stored `wrappedValue`.
@propertyWrapper
struct Trimmed {
    var wrappedValue: String {
        didSet { wrappedValue = wrappedValue.trimmingCharacters(in: .whitespaces) }
    }
}

/// Where the content of a screen is.
enum ContentState: String, Codable {
    case loading, loaded, empty
}

/// A view model written as an `ObservableObject` is: published properties, a wrapper of its own,
/// and lazy storage.
@MainActor
final class WrappedProperties {
    @Published var contentState = ContentState.loading
    @Published var count = 1
    @Trimmed var title = "Inbox"
    lazy var summary = "\(count) item"

    func subscribe() {
        _contentState.subscribe()
        contentState = .loaded
    }
}
