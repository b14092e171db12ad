import Foundation
import Observation
import ViewModelKit

/// A trip planner's screen, written as an app team writes one: its state holds the ordinary Swift
/// values a `Codable` state is made of, each printed as people read it.
struct TripViewState: Codable, Equatable {
    /// Where the trip stands: a case without payload, one with an unlabeled payload, one labeled.
    enum Phase: Codable, Equatable {
        case planning
        case booked(Int)
        case cancelled(reason: String)
        case moved(Int, Int)
    }

    var departure = Date(timeIntervalSince1970: 1_796_000_000)
    var languages: Set<String> = ["fr", "de", "en"]
    var note: String?
    var stops: [Int: String] = [2: "Lyon", 1: "Paris"]
    var link = URL(string: "https://example.com/trips/7")!
    var phase = Phase.planning
}

/// What the trip screen's controls report.
enum TripViewEvent: Codable, Equatable {
    case book(seats: Int)
    case cancel(reason: String)
    case move
    case annotate(note: String?)
    case depart(at: Date)
    /// An argument of enum type: `describe`, errors, completion and the event tool list its cases.
    case restore(phase: TripViewState.Phase)
}

@MainActor
@Observable
final class TripViewModel: ViewModel {
    var viewState = TripViewState()

    func handle(event: TripViewEvent) {
        switch event {
        case .book(let seats): viewState.phase = .booked(seats)
        case .cancel(let reason): viewState.phase = .cancelled(reason: reason)
        case .move: viewState.phase = .moved(1, 2)
        case .annotate(let note): viewState.note = note
        case .depart(let date): viewState.departure = date
        case .restore(let phase): viewState.phase = phase
        }
    }
}
