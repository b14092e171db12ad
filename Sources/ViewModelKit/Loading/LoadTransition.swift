/// One step of a load, applied to a ``LoadState`` by the view model that owns it.
public enum LoadTransition<Value> {
    /// A load started.
    case start
    /// The load in flight produced a value.
    case succeed(Value)
    /// The load in flight failed with a human-readable message.
    case fail(String)
    /// The load in flight was cancelled; not an error.
    case cancel
}

extension LoadTransition: Sendable where Value: Sendable {}

extension LoadState {
    /// Applies one step of a load.
    public mutating func apply(_ transition: LoadTransition<Value>) {
        switch transition {
        case .start: start()
        case .succeed(let value): succeed(with: value)
        case .fail(let message): fail(message: message)
        case .cancel: cancel()
        }
    }
}
