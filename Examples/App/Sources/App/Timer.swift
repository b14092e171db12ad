import Observation
import ViewModelKit

/// The events of the timer screen.
public enum TimerEvent: Codable, Sendable {
    case start, stop, lap
}

/// What the timer screen shows.
public struct TimerState: Codable, Equatable, Sendable {
    public var running = false
    public var laps = 0
}

/// A view model written to ViewModelKit's protocol, hosted as written through its `handle(event:)`.
@MainActor
@Observable
public final class TimerViewModel: ViewModel {
    public var viewState = TimerState()

    public init() {}

    public func handle(event: TimerEvent) {
        switch event {
        case .start: viewState.running = true
        case .stop: viewState.running = false
        case .lap: if viewState.running { viewState.laps += 1 }
        }
    }
}

/// A generic loader: no one type to make, so not hosted (a comment in the generated file says so).
@MainActor
@Observable
public final class Loader<Value: Sendable> {
    public var value: Value?
    public init() {}
}
