import Foundation

/// The command line: mode, clock, seed and limits.
package struct SessionOptions: Equatable, Sendable {
    /// What the process does.
    package enum Mode: Equatable, Sendable {
        /// Reads commands from stdin.
        case session
        /// `run FILE…`: runs scripts.
        case run([String])
        /// `test FILE…`: checks transcripts.
        case test([String])
        /// `explore SETUP`: random steps after a setup script, checking its invariants.
        case explore(String)
        /// `trace LOG`: a saved protocol session turned into a trace page.
        case trace(String)
    }

    package var mode = Mode.session
    package var keepGoing = false
    package var pace: Duration?
    package var update = false
    /// `test --strict`: whole lines must match.
    package var strict = false
    /// `--interactive` / `--no-interactive`; by default, whether stdin and stdout are terminals.
    package var interactive: Bool?
    /// `--color=auto|always|never`.
    package var colour = ColourChoice.auto
    /// `--history=PATH`; `--no-history` sets `historyDisabled`.
    package var historyPath: String?
    package var historyDisabled = false

    /// When to colour output.
    package enum ColourChoice: String, Sendable, CaseIterable {
        case auto, always, never
    }
    package var clock: ClockMode?
    package var seed: UInt64 = 0
    package var timeout: Duration = .seconds(10)
    /// How states and arguments are written (`--values`).
    package var values: ValueForms = .readable
    package var maximumLineLength = LineSplitter.defaultMaximumLength
    /// `--states=full|diff`: whether state lines carry whole states or patches.
    package var states = StateRendering.full
    /// `explore`: how many runs, how many steps each at most, and where a counterexample goes.
    package var exploreRuns = 100
    package var exploreSteps = 20
    package var exploreOut: String?
    /// `explore --step-timeout=DURATION`: how long a step may take, in real time, before it is a hang.
    package var stepTimeout: Duration = .seconds(5)
    /// `explore --in-process`: trials in this process, as before workers (a trap ends the exploration).
    package var exploreInProcess = false
    /// `explore --coverage[=FILE.dot]` and `--abstract=PATH,…`: what the runs covered; `nil` when not asked for.
    package var coverage: CoverageRecorder.Settings?
    /// `--junit=FILE`: where `run` and `test` write a JUnit XML report.
    package var junitPath: String?
    /// `--output=human|json|pretty`: how a terminal session shows replies.
    package var output = OutputMode.human
    /// `--mcp`: serve the Model Context Protocol on stdio instead of the line protocol.
    package var mcp = false
    /// `--files=DIR`: the one folder files may be written in.
    package var filesDirectory: String?
    /// `--trace=FILE.html`: where the session's trace page goes.
    package var tracePath: String?
    /// `--from=FILE@STEP`: the trace and step a session opens at.
    package var from: String?
    package var showHelp = false
    package var showVersion = false

    /// A command-line mistake, worded for the usage message.
    package struct UsageError: Error, Equatable {
        package var message: String
    }

    package init() {}

    /// Where files may be written: under `--files`, or for `--mcp` (an agent names the paths) the
    /// working directory; anywhere for a person or a script.
    package var files: FileSandbox? {
        if let filesDirectory { return FileSandbox(root: filesDirectory) }
        return mcp ? FileSandbox(root: FileManager.default.currentDirectoryPath) : nil
    }

    /// Where the trace page goes (`--trace`), kept in the `--files` folder when one is named:
    /// the path is the command line's, as trusted as `--files` itself, so `--mcp` alone does not
    /// confine it.
    @MainActor
    package var traceFile: TraceFile? {
        tracePath.map { TraceFile(path: $0, files: filesDirectory.map(FileSandbox.init(root:))) }
    }

    /// The options a session of this run is set up with, on `clock`, its output as `output` says.
    package func evaluatorOptions(clock: ClockMode, output: OutputSettings = OutputSettings()) -> Evaluator.Options {
        Evaluator.Options(clock: clock, seed: seed, defaultTimeout: timeout, valueForms: values, output: output, files: files)
    }

    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> SessionOptions {
        var options = SessionOptions()
        var remaining = arguments[...]
        var files: [String] = []
        var subcommand: String?
        if let first = remaining.first, first == "run" || first == "test" || first == "explore" || first == "trace" {
            subcommand = first
            remaining = remaining.dropFirst()
        }
        func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError(message: "\(name) needs a value") }
            return next
        }
        while let argument = remaining.popFirst() {
            if argument == "--" {
                guard subcommand != nil else {
                    if let extra = remaining.first { throw UsageError(message: "unexpected argument '\(extra)'") }
                    break
                }
                files += remaining
                break
            }
            if subcommand != nil, argument == "-" || !argument.hasPrefix("-") {
                files.append(argument)
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let scope: OptionTable.Option.Scope =
                switch subcommand {
                case "run"?: .run
                case "test"?: .test
                case "explore"?: .explore
                case "trace"?: .trace
                default: .session
                }
            guard let option = OptionTable.option(parts[0], in: scope) else {
                throw UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
            }
            let inline = parts.count > 1 ? parts[1] : nil
            try option.apply(&options, option.takesValue ? try value(parts[0], inline) : option.valueIsOptional ? inline ?? "" : "")
        }
        if files.contains("") { throw UsageError(message: "an empty argument names no file") }
        switch subcommand {
        case "run"?:
            guard !files.isEmpty || options.showHelp else { throw UsageError(message: "run needs a script file (or - for stdin)") }
            options.mode = .run(files)
        case "test"?:
            guard !files.isEmpty || options.showHelp else { throw UsageError(message: "test needs a transcript file") }
            options.mode = .test(files)
        case "explore"?:
            guard files.count == 1 || options.showHelp else { throw UsageError(message: "explore needs one setup script") }
            options.mode = .explore(files.first ?? "")
        case "trace"?:
            guard files.count == 1 || options.showHelp else {
                throw UsageError(message: "trace needs one saved session (a file of protocol lines, or - for stdin)")
            }
            let log = files.first ?? ""
            if options.tracePath == nil, !options.showHelp {
                guard log != "-" else { throw UsageError(message: "trace - (stdin) needs -o FILE.html") }
                options.tracePath = TraceLogReader.pagePath(forLog: log)
            }
            options.mode = .trace(log)
        default:
            break
        }
        return options
    }
}
