// An app team's own vmrepl: one executable target that registers the team's screens.
// Build and run it with `swift run counter-repl`; it speaks the same protocol as vmrepl.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "counter",
    summary: "counts up and down by a step",
    // One sample of each event: vmrepl learns the event names and argument types from them.
    events: [.incrementTapped, .decrementTapped, .stepChanged(step: 1)]
) { _ in
    CounterViewModel()
}
await REPLMain.run(screens: screens)
