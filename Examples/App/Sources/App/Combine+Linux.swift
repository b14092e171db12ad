// Where Combine does not exist (Linux), stand-ins with the shapes its `ObservableObject`,
// `Published`, `AnyCancellable` and subjects have, as a ported app writes them, so the app's view
// models build as written: vmrepl reads a `@Published` property under its own name as its wrapped
// value, and subscribes to a subject with `sink`, either way.
#if !canImport(Combine)
    /// An object whose changes views observe (Combine's, on Apple platforms).
    public protocol ObservableObject: AnyObject {}

    /// A published value, stored as Combine's `Published` stores one before anything subscribes.
    @propertyWrapper
    public struct Published<Value> {
        public var wrappedValue: Value
        public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    }

    /// A subscription kept alive while it is held (Combine's, on Apple platforms): it ends when released.
    public final class AnyCancellable: Hashable {
        private let cancel: () -> Void
        public init() { cancel = {} }
        public init(_ cancel: @escaping () -> Void) { self.cancel = cancel }
        deinit { cancel() }
        public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
        public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    /// How a subscription ended (Combine's `Subscribers.Completion`, on Apple platforms).
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// Sends each value to whoever subscribed, in the order they did (Combine's, on Apple platforms).
    public final class PassthroughSubject<Output, Failure: Error> {
        private var subscribers: [(id: Int, receive: (Output) -> Void)] = []
        private var nextID = 0

        public init() {}

        public func send(_ value: Output) {
            for subscriber in subscribers { subscriber.receive(value) }
        }

        public func sink(receiveCompletion: @escaping (Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            let id = nextID
            nextID += 1
            subscribers.append((id, receiveValue))
            return AnyCancellable { [weak self] in self?.subscribers.removeAll { $0.id == id } }
        }
    }

    /// A value and its changes: a subscriber gets the value first, then each one sent (Combine's,
    /// on Apple platforms).
    public final class CurrentValueSubject<Output, Failure: Error> {
        public private(set) var value: Output
        private let changes = PassthroughSubject<Output, Failure>()

        public init(_ value: Output) { self.value = value }

        public func send(_ value: Output) {
            self.value = value
            changes.send(value)
        }

        public func sink(receiveCompletion: @escaping (Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
            receiveValue(value)
            return changes.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        /// The values sent after subscribing, without the current one (Combine's `dropFirst()`).
        public func dropFirst() -> Changes { Changes(subject: changes) }

        /// What ``dropFirst()`` gives: a subject's later values.
        public struct Changes {
            fileprivate let subject: PassthroughSubject<Output, Failure>

            public func sink(receiveCompletion: @escaping (Completion<Failure>) -> Void, receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
                subject.sink(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
            }
        }
    }
#endif
