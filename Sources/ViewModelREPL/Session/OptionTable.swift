/// The command-line options: the one table that parses them, that `--help` prints and that the
/// manual page is checked against.
package enum OptionTable {
    /// One option.
    package struct Option: Sendable {
        /// Where an option may be given.
        package enum Scope: Sendable {
            case everywhere
            /// Only when reading commands from stdin (no subcommand).
            case session
            /// Only with `vmrepl run`.
            case run
            /// Only with `vmrepl test`.
            case test
            /// With `vmrepl run` or `vmrepl test`.
            case scripts
            /// Only with `vmrepl explore`.
            case explore
            /// Only with `vmrepl trace`.
            case trace
        }

        /// The long name without dashes.
        package var name: String
        /// Other spellings, dashes included (`-h`, `--colour`).
        package var aliases: [String] = []
        package var usage: String
        package var summary: String
        package var scope = Scope.everywhere
        /// Whether it takes a value (`--seed=N` or `--seed N`).
        package var takesValue = false
        /// Whether it may take one, only after `=` (`--coverage` or `--coverage=FILE.dot`).
        package var valueIsOptional = false
        /// Applies the option and its value to the options being parsed.
        package var apply: @Sendable (inout SessionOptions, String) throws(SessionOptions.UsageError) -> Void

        /// The option's row in `--help`.
        package var helpEntry: HelpEntry { HelpEntry(name: name, usage: usage, summary: summary) }
    }

    package typealias UsageError = SessionOptions.UsageError

    package static let options: [Option] = [
        Option(
            name: "clock", usage: "--clock=virtual|real", summary: "the time screens run on (default: real at a terminal, virtual otherwise)", takesValue: true
        ) {
            options, text throws(UsageError) in
            guard let clock = ClockMode(rawValue: text) else { throw UsageError(message: "--clock takes virtual or real, not '\(text)'") }
            options.clock = clock
        },
        Option(
            name: "values", usage: "--values=readable|codable",
            summary:
                "how states print Swift values: as people read them (nil as null, ISO dates, sorted sets, tagged enums; the default) or exactly as JSONEncoder writes them",
            takesValue: true
        ) { options, text throws(UsageError) in
            guard let forms = ValueForms(rawValue: text) else { throw UsageError(message: "--values takes readable or codable, not '\(text)'") }
            options.values = forms
        },
        Option(name: "seed", usage: "--seed=N", summary: "fix every random choice the screens make (default 0)", takesValue: true) {
            options, text throws(UsageError) in
            guard let seed = UInt64(text) else { throw UsageError(message: "--seed takes a whole number, not '\(text)'") }
            options.seed = seed
        },
        Option(name: "timeout", usage: "--timeout=DURATION", summary: "how long wait and the end of input wait for loads (default 10s)", takesValue: true) {
            options, text throws(UsageError) in
            guard let timeout = DurationText.parse(text) else { throw UsageError(message: "--timeout takes a duration such as 10s, not '\(text)'") }
            options.timeout = timeout
        },
        Option(
            name: "max-line-bytes", usage: "--max-line-bytes=N", summary: "the longest input line accepted (default \(LineSplitter.defaultMaximumLength))",
            takesValue: true
        ) { options, text throws(UsageError) in
            guard let limit = Int(text), limit > 0 else { throw UsageError(message: "--max-line-bytes takes a positive number, not '\(text)'") }
            options.maximumLineLength = limit
        },
        Option(
            name: "states", usage: "--states=full|diff", summary: "state lines carry the whole state (default) or an RFC 6902 patch against the last",
            takesValue: true
        ) {
            options, text throws(UsageError) in
            guard let states = StateRendering(rawValue: text) else { throw UsageError(message: "--states takes full or diff, not '\(text)'") }
            options.states = states
        },
        Option(
            name: "output", usage: "--output=human|json|pretty", summary: "at a terminal: what changed and tables (default), or the protocol lines",
            scope: .session, takesValue: true
        ) { options, text throws(UsageError) in
            guard let mode = OutputMode(rawValue: text) else { throw UsageError(message: "--output takes human, json or pretty, not '\(text)'") }
            options.output = mode
        },
        Option(
            name: "interactive", usage: "--interactive", summary: "line editing, history and colour even when stdin or stdout is not a terminal",
            scope: .session
        ) { options, _ in options.interactive = true },
        Option(
            name: "mcp", usage: "--mcp",
            summary: "speak the Model Context Protocol on stdin/stdout (JSON-RPC, a tool per command) for AI agents; virtual time unless --clock=real",
            scope: .session
        ) { options, _ in options.mcp = true },
        Option(
            name: "files", usage: "--files=DIR",
            summary: "write files (record) only under DIR, by relative paths, through no link; --mcp does so in the working directory unless told",
            scope: .session, takesValue: true
        ) { options, text in options.filesDirectory = text },
        Option(
            name: "trace", usage: "--trace=FILE.html",
            summary:
                "at the end, write the session as one self-contained page to step through: each command, its reply and pushes, the state after it with what changed",
            takesValue: true
        ) { options, text throws(UsageError) in
            guard !text.isEmpty else { throw UsageError(message: "--trace takes a file name such as session.html") }
            options.tracePath = text
        },
        Option(
            name: "from", usage: "--from=FILE@STEP",
            summary: "open the session at a step of a trace page or protocol log, its requests replayed and compared (the page numbers its steps)",
            scope: .session, takesValue: true
        ) { options, text throws(UsageError) in
            guard !text.isEmpty else { throw UsageError(message: "--from takes a trace page or log and a step, such as session.html@3") }
            options.from = text
        },
        Option(name: "no-interactive", usage: "--no-interactive", summary: "the plain line protocol even at a terminal", scope: .session) {
            options, _ in options.interactive = false
        },
        Option(
            name: "color", aliases: ["--colour"], usage: "--color=auto|always|never", summary: "colour JSON at a terminal (auto: unless NO_COLOR is set)",
            takesValue: true
        ) {
            options, text throws(UsageError) in
            guard let choice = SessionOptions.ColourChoice(rawValue: text) else {
                throw UsageError(message: "--color takes auto, always or never, not '\(text)'")
            }
            options.colour = choice
        },
        Option(
            name: "history", usage: "--history=FILE", summary: "keep history in FILE (default $XDG_STATE_HOME/vmrepl/history; also VMREPL_HISTORY)",
            takesValue: true
        ) { options, text in options.historyPath = text },
        Option(name: "no-history", usage: "--no-history", summary: "keep no history (also VMREPL_HISTORY=)") { options, _ in options.historyDisabled = true },
        Option(name: "keep-going", usage: "--keep-going", summary: "run: go on after an error or a failed expect", scope: .run) { options, _ in
            options.keepGoing = true
        },
        Option(name: "pace", usage: "--pace=DURATION", summary: "run: echo each command on stderr, then pause (for demos)", scope: .run, takesValue: true) {
            options, text throws(UsageError) in
            guard let pace = DurationText.parse(text) else { throw UsageError(message: "--pace takes a duration such as 1s, not '\(text)'") }
            options.pace = pace
        },
        Option(
            name: "junit", usage: "--junit=FILE",
            summary: "run, test, explore: also write a JUnit XML report to FILE, a test case per script, transcript or exploration", scope: .scripts,
            takesValue: true
        ) {
            options, text in options.junitPath = text
        },
        Option(name: "runs", usage: "--runs=N", summary: "explore: how many runs from the setup (default 100)", scope: .explore, takesValue: true) {
            options, text throws(UsageError) in
            guard let runs = Int(text), runs > 0 else { throw UsageError(message: "--runs takes a positive number, not '\(text)'") }
            options.exploreRuns = runs
        },
        Option(name: "steps", usage: "--steps=N", summary: "explore: the most random steps a run takes (default 20)", scope: .explore, takesValue: true) {
            options, text throws(UsageError) in
            guard let steps = Int(text), steps > 0 else { throw UsageError(message: "--steps takes a positive number, not '\(text)'") }
            options.exploreSteps = steps
        },
        Option(
            name: "step-timeout", usage: "--step-timeout=DURATION",
            summary: "explore: how long a step may take in real time before it is a hang, a counterexample of its own (default 5s)", scope: .explore,
            takesValue: true
        ) { options, text throws(UsageError) in
            guard let timeout = DurationText.parse(text), timeout > .zero else {
                throw UsageError(message: "--step-timeout takes a duration such as 5s, not '\(text)'")
            }
            options.stepTimeout = timeout
        },
        Option(
            name: "in-process", usage: "--in-process",
            summary: "explore: run the trials in this process, not in workers (faster to start; a trap or a hang ends the exploration)",
            scope: .explore
        ) { options, _ in options.exploreInProcess = true },
        Option(
            name: "out", usage: "--out=FILE", summary: "explore: where the shrunk counterexample script goes (default: beside the setup)", scope: .explore,
            takesValue: true
        ) {
            options, text in options.exploreOut = text
        },
        Option(
            name: "out", aliases: ["-o"], usage: "-o, --out=FILE.html", summary: "trace: where the page goes (default: the log's name with .html)",
            scope: .trace, takesValue: true
        ) { options, text throws(UsageError) in
            guard !text.isEmpty else { throw UsageError(message: "-o takes a file name such as session.html") }
            options.tracePath = text
        },
        Option(
            name: "coverage", usage: "--coverage[=FILE.dot]",
            summary:
                "explore: after the result, a coverage line: events sent and never sent (and why), abstract states reached, transitions; FILE.dot gets them as a Graphviz graph",
            scope: .explore, valueIsOptional: true
        ) { options, text in
            options.coverage = options.coverage ?? CoverageRecorder.Settings()
            if !text.isEmpty { options.coverage?.graphPath = text }
        },
        Option(
            name: "abstract", usage: "--abstract=PATH,PATH…",
            summary: "explore: key coverage's abstract states by these paths of the state (default: its enum-typed fields); implies --coverage",
            scope: .explore, takesValue: true
        ) { options, text throws(UsageError) in
            var paths: [StatePath] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                let trimmed = part.trimmingCharacters(in: .whitespaces)
                guard let path = StatePath(trimmed) else { throw UsageError(message: Messages.badAbstractPath(trimmed)) }
                paths.append(path)
            }
            options.coverage = options.coverage ?? CoverageRecorder.Settings()
            options.coverage?.paths = paths
        },
        Option(name: "update", usage: "--update", summary: "test: rewrite the expected lines that differ, keeping the rest as written", scope: .test) {
            options, _ in options.update = true
        },
        Option(name: "strict", usage: "--strict", summary: "test: compare whole lines, so a member the transcript does not hold fails it", scope: .test) {
            options, _ in options.strict = true
        },
        Option(name: "help", aliases: ["-h"], usage: "-h, --help", summary: "this help") { options, _ in options.showHelp = true },
        Option(name: "version", usage: "--version", summary: "the version and the protocol version") { options, _ in options.showVersion = true },
    ]

    /// The option spelled `flag` (`--seed`, `-h`), if it may be given where `scope` says.
    static func option(_ flag: String, in scope: Option.Scope) -> Option? {
        options.first { option in
            (flag == "--" + option.name || option.aliases.contains(flag))
                && (option.scope == .everywhere || option.scope == scope
                    || (option.scope == .scripts && (scope == .run || scope == .test || scope == .explore)))
        }
    }
}
