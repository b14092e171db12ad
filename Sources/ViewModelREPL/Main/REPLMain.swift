import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point an executable calls: parses the command line, runs a session over the screens, exits.
///
/// ```swift
/// import ViewModelREPL
///
/// var screens = ScreenRegistry()
/// screens.register("login", summary: "the login form") { context in LoginViewModel(clock: context.clock) }
/// await REPLMain.run(screens: screens)
/// ```
public enum REPLMain {
    /// The program's version, as `--version` prints it.
    public static let version = Release.version

    /// Runs vmrepl over `screens` with the process's arguments and exits with its status.
    /// - Parameters:
    ///   - screens: The screens the session can open.
    ///   - arguments: The command line after the program name; options the executable handled itself removed.
    ///   - extraOptions: Those options, for `--help`.
    @MainActor
    public static func run(
        screens: ScreenRegistry,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        extraOptions: [(usage: String, summary: String)] = []
    ) async -> Never {
        let status = await status(screens: screens, arguments: arguments, extraOptions: extraOptions)
        exit(status.rawValue)
    }

    /// The first of the process's arguments that is not UTF-8, its bytes shown with each that is
    /// not as `\xFF`, if any.
    static func argumentNotUTF8() -> String? {
        for position in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
            guard let argument = CommandLine.unsafeArgv[position] else { continue }
            let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument))
            guard !isUTF8(bytes[...]) else { continue }
            var shown = ""
            var index = 0
            while index < bytes.count {
                // One character's bytes as UTF-8 counts them (its lead byte's length), if they are one.
                let lead = bytes[index]
                let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0
                if length > 0, index + length <= bytes.count, isUTF8(bytes[index..<index + length]) {
                    shown += String(decoding: bytes[index..<index + length], as: UTF8.self)
                    index += length
                } else {
                    shown += "\\x" + String(lead, radix: 16, uppercase: true)
                    index += 1
                }
            }
            return shown
        }
        return nil
    }

    /// Whether `bytes` are UTF-8: decoding repairs nothing (`String(validating:)` needs macOS 15).
    private static func isUTF8(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes)
    }

    @MainActor
    static func status(screens: ScreenRegistry, arguments: [String], extraOptions: [(usage: String, summary: String)]) async -> ExitStatus {
        // Swift's arguments replace bytes that are not UTF-8 with U+FFFD: such a path would name another file.
        if let shown = argumentNotUTF8() {
            printError("vmrepl: \(Messages.argumentNotUTF8(shown))\n\(Messages.usageLine)")
            return .usage
        }
        var options: SessionOptions
        do {
            options = try SessionOptions.parse(arguments)
        } catch {
            printError("vmrepl: \(error.message)\n\(Messages.usageLine)")
            return .usage
        }
        if options.showHelp {
            let help = Messages.commandLineHelp(
                options: OptionTable.options.map { ($0.usage, $0.summary) } + extraOptions,
                commands: CommandTable.specs.map { ($0.usage, $0.summary) }, columns: TerminalSize.columns())
            return printOut(help)
        }
        if options.showVersion {
            return printOut("vmrepl \(version) (protocol \(WireProtocol.version))")
        }
        signal(SIGPIPE, SIG_IGN)
        // A file past its size limit is a write error the writer reports, never the end of the process.
        signal(SIGXFSZ, SIG_IGN)
        // A page that cannot be written is said before the session runs, not after it.
        if let trace = options.traceFile, let problem = trace.problemBeforeWriting() {
            let option = if case .trace = options.mode { "-o" } else { "--trace" }
            printError(Messages.traceFailed(path: trace.path, reason: problem, option: option))
            return .usage
        }
        if case .trace(let log) = options.mode { return traceLog(log, options: options) }
        // `--from`: read before the session starts, on the clock the trace ran on unless told.
        var start: TraceStart?
        let fromClock = "VMREPL_FROM_CLOCK"
        if options.from != nil, ResumePlan.isGiven {
            // A worker `undo` or a trap started replays the session's own steps, those of the trace
            // among them: the file is not read again (it may be gone), its clock is passed on.
            if options.clock == nil { options.clock = ProcessInfo.processInfo.environment[fromClock].flatMap(ClockMode.init(rawValue:)) }
        } else if let from = options.from {
            switch TraceStart.read(from) {
            case .success(let read): start = read
            case .failure(let failure):
                printError("vmrepl: \(failure.message)")
                return .usage
            }
            if options.clock == nil { options.clock = start?.clock }
            if let clock = options.clock { setenv(fromClock, clock.rawValue, 1) }
        }
        let terminal = isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
        let interactive = options.mode == .session && !options.mcp && (options.interactive ?? terminal)
        if interactive {
            // The session runs in a worker this process keeps, so a trap in a view model, or `undo`,
            // starts it again at a step before rather than ending it.
            if WorkerProgress.role == nil, let launch = WorkerLaunch.this {
                return TerminalKeeper(launch: launch, report: printError).run()
            }
            let keeper = WorkerProgress.role == .terminal ? KeeperLink() : nil
            let plan = keeper == nil ? nil : ResumePlan.fromEnvironment()
            let environment = ProcessInfo.processInfo.environment
            let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
            let colour = options.colour == .always || (options.colour == .auto && !noColour && isatty(STDOUT_FILENO) == 1)
            let session = InteractiveSession(
                registry: screens,
                options: options.evaluatorOptions(clock: options.clock ?? .real, output: OutputSettings(states: options.states, mode: options.output)),
                colour: colour,
                historyPath: HistoryLocation.path(option: options.historyPath, disabled: options.historyDisabled, environment: environment),
                opening: plan == nil ? start : nil, keeper: keeper, resuming: plan, report: printError)
            let trace = options.traceFile
            session.trace = trace?.recorder
            // A trap in a view model is said in words, naming the line, before the process ends.
            EmergencyFlush.install()
            EmergencyFlush.sayCrashesInWords(carriedOn: keeper != nil)
            let status = await session.run()
            if let trace, !Self.write(trace) { return status.combined(with: .requestFailed) }
            return status
        }
        // Protocol lines get their own descriptor; anything else the process prints goes to stderr,
        // so a stray print() can never land between protocol lines.
        let protocolFD = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let sessionOptions = options.evaluatorOptions(clock: options.clock ?? .virtual, output: OutputSettings(states: options.states))
        // This program owns its process: on virtual time the runtime's global jobs run on the session's thread.
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) { GlobalJobs.install() }
        let channel = OutputChannel(fileDescriptor: protocolFD)
        // A crash in a view model, or a signal the main actor cannot act on, still writes the lines owed.
        EmergencyFlush.install()
        let writer = ProtocolWriter(output: channel)
        // A worker that `undo` started writes no page: the session that started it writes its own.
        let trace = WorkerProgress.role == .resume ? nil : options.traceFile
        let consumer: any OutputConsumer = trace.map { OutputTee(writer, trace: $0.recorder) } ?? writer
        // A session ended by a signal writes its page too, after the lines it owes.
        if let trace { TerminationSignals.beforeExit.append { Self.write(trace) } }
        var status: ExitStatus
        switch options.mode {
        case .run(let files):
            EmergencyFlush.answerCrashes()
            EmergencyFlush.quoteRuntimeMessages()
            let session = ScriptSession(
                registry: screens, options: sessionOptions, consumer: consumer,
                keepGoing: options.keepGoing, pace: options.pace, junitPath: options.junitPath, report: printError)
            session.trace = trace?.recorder
            status = await session.run(files)
        case .test(let files):
            let session = TranscriptSession(
                registry: screens, options: options.evaluatorOptions(clock: .virtual),
                update: options.update, strict: options.strict, junitPath: options.junitPath, report: printError)
            session.trace = trace?.recorder
            status = await session.run(files)
        case .explore(let setup):
            let explorer = Explorer(
                registry: screens, options: options.evaluatorOptions(clock: .virtual),
                runs: options.exploreRuns, steps: options.exploreSteps, out: options.exploreOut, junitPath: options.junitPath,
                coverage: options.coverage, consumer: consumer, report: printError)
            explorer.trace = trace?.recorder
            if let role = WorkerProgress.role {
                // A worker of an exploration: it says what runs, and a replay writes nothing else.
                explorer.progress = WorkerProgress()
                guard role == .explore else {
                    let steps = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
                    return await explorer.replayRole(setup, steps: steps)
                }
                status = await explorer.run(setup)
            } else if !options.exploreInProcess, let launch = WorkerLaunch.this {
                let supervisor = ExploreSupervisor(
                    launch: launch, setup: setup, out: options.exploreOut,
                    junitPath: options.junitPath, stepTimeout: options.stepTimeout, protocolOutput: protocolFD, consumer: consumer,
                    settings: OutputSettings(), report: printError)
                switch await supervisor.run() {
                // The worker wrote the result, the report and the page itself.
                case .finished(let status)?: return status
                case .found(let found)?: status = found
                case nil: status = await explorer.run(setup)
                }
            } else {
                status = await explorer.run(setup)
            }
        case .trace(let log):
            // Reached only from a caller that set up the above first; `status(…)` returns earlier.
            return traceLog(log, options: options)
        case .session where options.mcp:
            // `undo` replays the steps before in a worker, which serves the rest of the session.
            let plan = WorkerProgress.role == .resume ? ResumePlan.fromEnvironment() : nil
            if WorkerProgress.role == .resume, plan == nil { return .requestFailed }
            let server = MCPServer(
                registry: screens, options: sessionOptions, input: STDIN_FILENO, output: protocolFD,
                maximumLineLength: options.maximumLineLength, trace: trace?.recorder, opening: start, launch: WorkerLaunch.this, resuming: plan,
                report: printError)
            status = await server.run()
        case .session:
            EmergencyFlush.answerCrashes()
            EmergencyFlush.quoteRuntimeMessages()
            // `undo` replays the steps before in a worker: this executable, started again.
            let plan = WorkerProgress.role == .resume ? ResumePlan.fromEnvironment() : nil
            // Without its plan a worker says nothing and ends: the session that started it answers.
            if WorkerProgress.role == .resume, plan == nil { return .requestFailed }
            let session = PipeSession(
                registry: screens, options: sessionOptions, input: STDIN_FILENO, consumer: consumer, maximumLineLength: options.maximumLineLength,
                launch: WorkerLaunch.this, protocolOutput: protocolFD, resuming: plan, opening: start, report: printError)
            status = await session.run()
        }
        if let trace {
            TerminationSignals.beforeExit.removeAll()
            if !Self.write(trace) { status = status.combined(with: .requestFailed) }
        }
        // Output that could not be written is never a success, whatever the requests came to.
        if let error = channel.writeError { return DescriptorWriter.failure(error) }
        return status
    }

    /// `vmrepl trace LOG`: reads a saved protocol session and writes its trace page.
    @MainActor
    static func traceLog(_ log: String, options: SessionOptions) -> ExitStatus {
        guard let page = options.traceFile else { return .usage }
        if log != "-", FileIdentity.same(log, page.path) {
            printError(Messages.traceWouldOverwriteLog(log, page: page.path))
            return .usage
        }
        var reader = TraceLogReader(recorder: page.recorder)
        let tooLong: Int
        do {
            tooLong = try ScriptFile.forEachLine(log, maximumLine: TraceLogReader.maximumLineBytes) { reader.read($0) }
        } catch {
            printError("vmrepl: \(error.path): \(error.reason)")
            return .requestFailed
        }
        guard reader.protocolLines > 0 else {
            printError(Messages.traceLogHoldsNoProtocolLine(log))
            return .requestFailed
        }
        if let bad = reader.badPatch {
            printError(Messages.traceLogBadPatch(log, line: bad.line, reason: bad.reason))
            return .requestFailed
        }
        if tooLong > 0 { printError(Messages.traceLogLinesTooLong(tooLong, limit: TraceLogReader.maximumLineBytes)) }
        return write(page, option: "-o") ? .success : .requestFailed
    }

    /// Writes the trace page, reporting on stderr what went wrong; whether it was written.
    @MainActor @discardableResult
    static func write(_ trace: TraceFile, option: String = "--trace") -> Bool {
        guard let problem = trace.write() else { return true }
        printError(Messages.traceFailed(path: trace.path, reason: problem, option: option))
        return false
    }

    /// Prints `text` on stdout; a write that fails is the run's failure, as for protocol lines.
    private static func printOut(_ text: String) -> ExitStatus {
        let error = Array((text + "\n").utf8).withUnsafeBytes { DescriptorWriter.write($0, to: STDOUT_FILENO) }
        return error == 0 ? .success : DescriptorWriter.failure(error)
    }

    static func printError(_ text: String) {
        _ = DescriptorWriter.writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }
}
