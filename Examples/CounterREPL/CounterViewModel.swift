import Observation
import ViewModelKit

/// An app team's screen: a counter with a step the user can change.
struct CounterViewState: Codable, Equatable {
    var count = 0
    var step = 1
}

/// What the counter's buttons report.
enum CounterViewEvent: Codable, Equatable {
    case incrementTapped
    case decrementTapped
    case stepChanged(step: Int)
}

@MainActor
@Observable
final class CounterViewModel: ViewModel {
    var viewState = CounterViewState()

    func handle(event: CounterViewEvent) {
        // App code prints, as seed 002's view model does; vmrepl keeps it off the protocol stream.
        print("Handle event: \(event)")
        switch event {
        case .incrementTapped: viewState.count += viewState.step
        case .decrementTapped: viewState.count -= viewState.step
        case .stepChanged(let step): viewState.step = step
        }
    }
}
