// A test app's own vmrepl: a Codable state of dates, sets, optionals, dictionaries, URLs and enums.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "trip", summary: "a trip whose state holds dates, a set, an optional, a dictionary, a URL and an enum",
    events: [.book(seats: 1), .cancel(reason: ""), .move, .annotate(note: nil), .depart(at: .now), .restore(phase: .planning)]
) { _ in
    TripViewModel()
}
await REPLMain.run(screens: screens)
