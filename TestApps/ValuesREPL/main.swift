// A test app's own vmrepl: a Codable state of dates, sets, optionals, dictionaries, URLs and enums;
// an @Observable class shown through key paths, changed where no command changes it; and actions
// that trap or never return.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "trip", summary: "a trip whose state holds dates, a set, an optional, a dictionary, a URL and an enum",
    events: [.book(seats: 1), .cancel(reason: ""), .move, .annotate(note: nil), .depart(at: .now), .restore(phase: .planning)]
) { _ in
    TripViewModel()
}
screens.register(
    "ticker", summary: "an @Observable class whose count a detached task changes", fields: [.field("ticks", \.ticks), .field("label", \.label)],
    actions: [.action("tickElsewhere") { $0.tickElsewhere() }]
) { _ in
    Ticker()
}
screens.register(
    "faults", summary: "actions that trap, never return, or push states while no request runs",
    fields: [.field("presses", \.presses), .field("ballast", \.ballast)],
    actions: [
        .action("press") { $0.press() }, .action("crash") { $0.crash() }, .action("spin") { $0.spin() }, .action("flood") { $0.flood() },
        .action("grow") { $0.grow() },
    ]
) { _ in
    Faults()
}
screens.register(
    "report-form", summary: "Save force-unwraps a kind the UI requires first (saveEnabled)",
    fields: [.field("kind", \.kind), .field("note", \.note), .field("sent", \.sent), .field("saveEnabled", \.saveEnabled)],
    actions: [.call("choose", .of("kind", ReportForm.Kind.self)) { .of($0.choose($1)) }, .action("save") { $0.save() }]
) { _ in
    ReportForm()
}
screens.register(
    "short-list", summary: "next can select past the last row, which remove then indexes",
    fields: [.field("rows", \.rows), .field("selected", \.selected)], actions: [.action("next") { $0.next() }, .action("remove") { $0.remove() }]
) { _ in
    ShortList()
}
screens.register(
    "settler", summary: "settle never returns from an odd count", fields: [.field("count", \.count)],
    actions: [.action("tap") { $0.tap() }, .action("settle") { $0.settle() }]
) { _ in
    Settler()
}
screens.register(
    "tally", summary: "taps that also count in the app's global statistics", fields: [.field("taps", \.taps), .field("total", \.total)],
    actions: [.action("tap") { $0.tap() }]
) { _ in
    Tally()
}
screens.register("dice", summary: "a die rolled with the system's randomness", fields: [.field("rolls", \.rolls)], actions: [.action("roll") { $0.roll() }]) {
    _ in Dice()
}
screens.register(
    "restless", summary: "a getter that writes a tracked property, and one that reads the clock: new values on every read",
    fields: [.field("presses", \.presses), .field("stamp", \.stamp), .field("uptime", \.uptime)], actions: [.action("press") { $0.press() }]
) { _ in
    Restless()
}
await REPLMain.run(screens: screens)
