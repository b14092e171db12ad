/// The commands of the line protocol: the one table that `help`, completion, `--help` and the
/// manual page's command list come from.
package enum CommandCatalog {
    package typealias Entry = HelpEntry

    package static let entries: [Entry] = [
        Entry(name: "screens", usage: "screens", summary: "list the registered screens"),
        Entry(name: "use", usage: "use SCREEN", summary: "open a screen with its real view model (a screen keeps its view models while the session lasts)"),
        Entry(name: "describe", usage: "describe", summary: "the screen's events with their arguments, and its state's fields"),
        Entry(name: "state", usage: "state", summary: "print the current state"),
        Entry(name: "event", usage: "event NAME [ARG=VALUE | VALUE]...", summary: "send an event; in preview it is recorded, not handled"),
        Entry(name: "load", usage: "load", summary: "start a load (cancelling the one in flight); its state changes stream out as they happen"),
        Entry(name: "reload", usage: "reload", summary: "the same as load; the last loaded value stays shown while it runs"),
        Entry(name: "retry", usage: "retry", summary: "run the last load again"),
        Entry(name: "cancel", usage: "cancel", summary: "cancel the load in flight; the screen goes back to what it showed before"),
        Entry(name: "mock", usage: "mock state=JSON | mock FIELD=VALUE...", summary: "swap to the preview view model with exactly this state, or the current state with these fields changed"),
        Entry(name: "real", usage: "real", summary: "swap back to the real view model, which kept its state"),
        Entry(name: "wait", usage: "wait [until PATH OP VALUE] [timeout=DURATION]", summary: "block until no load is in flight, or until a condition holds (default timeout 10s)"),
        Entry(name: "advance", usage: "advance DURATION", summary: "move the virtual clock forward, waking what sleeps until then"),
        Entry(name: "sleep", usage: "sleep DURATION", summary: "pause for real time, for paced demos"),
        Entry(name: "expect", usage: "expect PATH OP VALUE", summary: "check the state (OP is ==, !=, contains or exists); a failure is an error"),
        Entry(name: "set", usage: "set clock=virtual|real | set output=pretty|compact", summary: "choose the time screens run on (before the first use), or how a terminal shows lines"),
        Entry(name: "record", usage: "record FILE | record stop", summary: "save the commands that follow as a runnable script, until record stop"),
        Entry(name: "help", usage: "help [COMMAND]", summary: "the commands, or one command"),
        Entry(name: "quit", usage: "quit", summary: "finish what is in flight and end the session"),
    ]

    /// The entry named `name`.
    package static func entry(_ name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// Every command name, for completion and suggestions.
    package static var names: [String] { entries.map(\.name) }
}
