/// The command-line options: the one table `--help` prints and the manual page is checked against.
package enum OptionCatalog {
    package typealias Entry = HelpEntry

    package static let entries: [Entry] = [
        Entry(name: "clock", usage: "--clock=virtual|real", summary: "the time screens run on (default: real at a terminal, virtual otherwise)"),
        Entry(name: "seed", usage: "--seed=N", summary: "fix every random choice the screens make (default 0)"),
        Entry(name: "timeout", usage: "--timeout=DURATION", summary: "how long wait and the end of input wait for loads (default 10s)"),
        Entry(name: "max-line-bytes", usage: "--max-line-bytes=N", summary: "the longest input line accepted (default \(LineSplitter.defaultMaximumLength))"),
        Entry(name: "interactive", usage: "--interactive", summary: "line editing, history and colour even when stdin or stdout is not a terminal"),
        Entry(name: "no-interactive", usage: "--no-interactive", summary: "the plain line protocol even at a terminal"),
        Entry(name: "color", usage: "--color=auto|always|never", summary: "colour JSON at a terminal (auto: unless NO_COLOR is set)"),
        Entry(name: "history", usage: "--history=FILE", summary: "keep history in FILE (default $XDG_STATE_HOME/vmrepl/history; also VMREPL_HISTORY)"),
        Entry(name: "no-history", usage: "--no-history", summary: "keep no history (also VMREPL_HISTORY=)"),
        Entry(name: "keep-going", usage: "--keep-going", summary: "run: go on after an error or a failed expect"),
        Entry(name: "pace", usage: "--pace=DURATION", summary: "run: echo each command on stderr, then pause (for demos)"),
        Entry(name: "update", usage: "--update", summary: "test: rewrite the transcripts' expected output"),
        Entry(name: "help", usage: "-h, --help", summary: "this help"),
        Entry(name: "version", usage: "--version", summary: "the version and the protocol version"),
    ]
}
