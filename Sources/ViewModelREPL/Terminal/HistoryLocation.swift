/// Where an interactive session keeps its history.
enum HistoryLocation {
    /// The variable that moves history (a path) or turns it off (empty).
    static let variable = "VMREPL_HISTORY"

    /// The history file: `--history`, else `$VMREPL_HISTORY`, else `$XDG_STATE_HOME/vmrepl/history`,
    /// else `~/.local/state/vmrepl/history`; `nil` when history is off.
    static func path(option: String?, disabled: Bool, environment: [String: String]) -> String? {
        if disabled { return nil }
        if let option { return option.isEmpty ? nil : option }
        if let moved = environment[variable] { return moved.isEmpty ? nil : moved }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/vmrepl/history" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.local/state/vmrepl/history"
    }
}
