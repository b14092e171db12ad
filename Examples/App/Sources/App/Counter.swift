import Observation

/// A counter as a team writes one: tracked state, plain methods, one with a label, one without,
/// and an overload pair (which no single event name can stand for).
@MainActor
@Observable
public final class CounterViewModel {
    public var count = 0
    public var step = 1

    public init() {}

    public func increment() { count += step }
    public func decrement() { count -= step }
    public func add(amount: Int) { count += amount }
    public func reset(to value: Int) { count = value }
    public func set(_ value: Int) { count = value }
    public func set(_ text: String) { count = Int(text) ?? count }
}
