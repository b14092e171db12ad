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
    }

    package var mode = Mode.session
    package var keepGoing = false
    package var pace: Duration?
    package var update = false
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
    package var maximumLineLength = LineSplitter.defaultMaximumLength
    package var showHelp = false
    package var showVersion = false

    /// A command-line mistake, worded for the usage message.
    package struct UsageError: Error, Equatable {
        package var message: String
    }

    package init() {}

    /// Parses the arguments after the program name.
    package static func parse(_ arguments: [String]) throws(UsageError) -> SessionOptions {
        var options = SessionOptions()
        var remaining = arguments[...]
        var files: [String] = []
        var subcommand: String?
        if let first = remaining.first, first == "run" || first == "test" {
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
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch name {
            case "-h", "--help": options.showHelp = true
            case "--version": options.showVersion = true
            case "--clock":
                let text = try value(name, inline)
                guard let clock = ClockMode(rawValue: text) else { throw UsageError(message: "--clock takes virtual or real, not '\(text)'") }
                options.clock = clock
            case "--seed":
                let text = try value(name, inline)
                guard let seed = UInt64(text) else { throw UsageError(message: "--seed takes a whole number, not '\(text)'") }
                options.seed = seed
            case "--timeout":
                let text = try value(name, inline)
                guard let timeout = DurationText.parse(text) else { throw UsageError(message: "--timeout takes a duration such as 10s, not '\(text)'") }
                options.timeout = timeout
            case "--interactive" where subcommand == nil: options.interactive = true
            case "--no-interactive" where subcommand == nil: options.interactive = false
            case "--no-history": options.historyDisabled = true
            case "--history":
                options.historyPath = try value(name, inline)
            case "--color", "--colour":
                let text = try value(name, inline)
                guard let choice = ColourChoice(rawValue: text) else { throw UsageError(message: "--color takes auto, always or never, not '\(text)'") }
                options.colour = choice
            case "--keep-going" where subcommand == "run": options.keepGoing = true
            case "--update" where subcommand == "test": options.update = true
            case "--pace" where subcommand == "run":
                let text = try value(name, inline)
                guard let pace = DurationText.parse(text) else { throw UsageError(message: "--pace takes a duration such as 1s, not '\(text)'") }
                options.pace = pace
            case "--max-line-bytes":
                let text = try value(name, inline)
                guard let limit = Int(text), limit > 0 else { throw UsageError(message: "--max-line-bytes takes a positive number, not '\(text)'") }
                options.maximumLineLength = limit
            default:
                throw UsageError(message: argument.hasPrefix("-") ? "unknown option '\(argument)'" : "unexpected argument '\(argument)'")
            }
        }
        switch subcommand {
        case "run"?:
            guard !files.isEmpty || options.showHelp else { throw UsageError(message: "run needs a script file (or - for stdin)") }
            options.mode = .run(files)
        case "test"?:
            guard !files.isEmpty || options.showHelp else { throw UsageError(message: "test needs a transcript file") }
            options.mode = .test(files)
        default:
            break
        }
        return options
    }
}
