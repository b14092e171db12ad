import Foundation

/// Every sentence vmrepl says to people, in one place, so errors, help and the manual agree.
package enum Messages {
    /// The message for an error reply.
    static func text(for reason: ReplError.Reason) -> String {
        switch reason {
        // The line itself
        case .invalidUTF8: return "the line is not valid UTF-8"
        case .controlCharacter(let byte):
            return "the line holds a control character (0x\(String(byte, radix: 16, uppercase: true))); escape it inside a JSON string"
        case .lineTooLong(let limit): return "the line is longer than \(limit) bytes and was skipped"

        // The human form
        case .emptyKey: return "an argument needs a name before '='"
        case .missingValue(let key): return "'\(key)=' needs a value"
        case .expectedValue: return "expected a value"
        case .expectedBlankAfterValue: return "expected a blank after the value"
        case .unterminatedQuote: return "unterminated quoted string"
        case .invalidJSON(let reason): return "invalid JSON: \(reason)"
        case .unknownCommand(let name, let known): return "unknown command '\(name)'\(suggestion(name, among: known)); try help"
        case .usage(_, let line): return usage(line)
        case .unexpectedArgument(_, let line): return "unexpected argument; \(usage(line))"
        case .unknownArgument(let key, let command, let takes):
            let list = takes.isEmpty ? "no named arguments" : takes.joined(separator: ", ")
            return "\(command) has no argument '\(key)'\(suggestion(key, among: takes)); it takes \(list)"
        case .duplicateArgument(let key): return "'\(key)' is given twice"
        case .badDuration(let text): return "'\(text)' is not a duration; write it like 2s, 500ms or 1.5s"
        case .durationTooLong(let text): return "'\(text)' is too long; the longest duration is \(DurationText.limitText)"
        case .badChoice(let member, let value, let allowed):
            return "\(member) takes \(allowed.joined(separator: " or ")), not \(JSONWriter.string(value))"
        case .expectedPath: return "expected a state path such as text or users.value[0].name"
        case .badPath(let text): return "'\(text)' is not a state path such as text or users.value[0].name"
        case .expectedOperator: return "expected ==, !=, <, <=, >, >=, contains or exists"

        // The JSON form
        case .requestNotObject: return "a JSON request is an object such as {\"id\":1,\"cmd\":\"state\"}"
        case .requestWithoutCmd: return "a JSON request needs \"cmd\""
        case .memberType(let member, let expected, let found): return "\"\(member)\" must be \(expected), not \(found)"
        case .missingMember(let member): return "the request needs \"\(member)\""
        case .unknownMember(let key, let command, let allowed):
            let takes = allowed.isEmpty ? "takes nothing besides id and cmd" : "takes " + allowed.map { "\"\($0)\"" }.joined(separator: ", ")
            return "\"\(key)\" is not a member of \(command); \(command) \(takes)"
        case .duplicateMember(let key): return "\"\(key)\" is given twice; give each member once"
        case .mockNeedsStateOrSet: return "mock takes either \"state\" (a whole state) or \"set\" (an object of fields to change)"

        // Screens and events
        case .needsFactory(let name, let declaration):
            return "\(name) needs a factory: no init() makes its view model; write \(declaration)"
        case .unknownScreen(let name, let known):
            return "no screen named '\(name)'\(suggestion(name, among: known)); screens: \(known.joined(separator: ", "))"
        case .noScreen(let known): return "no screen in use; try use \(known.first ?? "SCREEN")"
        case .unknownEvent(let name, let screen, let known):
            return "\(screen) has no event '\(name)'\(suggestion(name, among: known)); events: \(known.joined(separator: ", "))"
        case .unknownEventArgument(let key, let event, let takes): return "\(event) has no argument '\(key)'; it takes \(arguments(takes))"
        case .missingEventArgument(let key, let event, let takes): return "\(event) needs '\(key)'; it takes \(arguments(takes))"
        case .tooManyValues(let event, let takes): return "too many values for \(event); it takes \(arguments(takes))"
        case .eventDoesNotDecode(let event, let takes, let reason):
            return "\(event) did not accept its arguments (\(reason)); it takes \(arguments(takes))"
        case .stateDoesNotDecode(let screen, let reason): return "that is not a state of \(screen): \(reason); nothing changed"
        case .mockWouldChange(let screen, let paths):
            return "\(screen) would not show that as given at \(paths.joined(separator: ", ")): its state's Codable reads and writes "
                + "\(paths.count == 1 ? "it" : "them") differently; nothing changed (mock what state prints)"
        case .unknownStateField(let key, let screen, let known):
            return "\(screen)'s state has no field '\(key)'\(suggestion(key, among: known)); fields: \(known.joined(separator: ", "))"
        case .stateDoesNotEncode(let reason): return "the state could not be written as JSON: \(reason)"

        // Loading
        case .notLoadable(let screen): return "\(screen) does not load anything"
        case .actionFailed(let action, let screen, let message): return "\(screen)'s action '\(action)' failed: \(message)"
        case .notWritable(let field, let screen, let writable):
            return "\(screen) has no binding '\(field)'" + (writable.isEmpty ? "; it binds nothing" : "; bindings: " + writable.joined(separator: ", "))
        case .writeDoesNotDecode(let field, let type, let reason): return "that is not a value of \(type) for \(field): \(reason); nothing changed"
        case .writeInPreview(let screen): return "\(screen) shows its preview; write goes to the real view model, so say real first"
        case .nothingToRetry(let screen): return "\(screen) has not loaded anything yet; try load"
        case .previewDoesNotLoad(let screen): return "\(screen) is showing its preview, which does not load; try real first"

        // Time, checks and settings
        case .timedOut(let after, let condition, let loading):
            let seconds = DurationText.seconds(after)
            let inFlight = loading.isEmpty ? "" : "; still loading: \(loading.joined(separator: ", "))"
            if let condition { return "\(condition) did not hold within \(seconds)s\(inFlight)" }
            // Nothing loading: what kept the wait was a timer the state holds, or work off the main actor.
            guard !loading.isEmpty else {
                return "work was still to end after \(seconds)s: a timer a state holds was still to fire, or a task off the main actor had not ended"
            }
            return "a load was still in flight after \(seconds)s\(inFlight)"
        case .neverHolds(let condition):
            return "\(condition) does not hold and nothing is in flight that could change it"
                + " (DispatchQueue.main.asyncAfter and a Task.sleep outside the screen's work are not seen)"
        case .expectationFailed(let condition, let actual, let differences):
            if let differences {
                let shown = differences.prefix(3).map { difference in
                    let path = difference.statePath(after: condition.path.description)
                    return "\(path): \(difference.old.map(JSONWriter.string) ?? "missing") ≠ \(difference.new.map(JSONWriter.string) ?? "missing")"
                }
                let more = differences.count > 3 ? "; and \(differences.count - 3) more" : ""
                return "expected \(condition.path) to equal the value given, but \(shown.joined(separator: "; "))\(more)"
            }
            if condition.op.isOrdering, let actual, let expected = condition.value, StateCondition.order(actual, expected) == nil {
                let shown = JSONWriter.string(actual)
                return "expected \(condition.text), but it is \(shown), which \(condition.op.rawValue) cannot compare: it orders numbers and dates"
            }
            return "expected \(condition.text), but it is \(actual.map(JSONWriter.string) ?? "missing")"
        case .pastTheEndOfTime: return "virtual time cannot go past \(DurationText.limitText)"
        case .advanceNeedsVirtualTime: return "the session runs on real time; advance needs virtual time (--clock=virtual)"
        case .clockAfterUse: return "set clock before the first use: screens already open keep the clock they were made with"
        case .outputNeedsTerminal: return "output= changes how a terminal shows lines; piped output is always compact"
        case .unknownHelpTopic(let topic, let known): return "no command '\(topic)'\(suggestion(topic, among: known))"
        case .cannotRecord(let path, let reason): return "cannot record to \(path): \(reason); nothing changed"
        case .nameTooLong(let path):
            return "cannot record to \(path): a name in it is longer than the file system allows; name a shorter file"
        case .pathHasControlCharacter(let path):
            return "\(JSONWriter.string(.string(path))) holds a control character (a newline, a tab); name a file without one"
        case .notARegularFile(let path): return "cannot record to \(path): it is not a regular file (a FIFO, a device or a folder); nothing changed"
        case .pathNotAllowed(let path, let folder):
            return
                "cannot write \(path): files are written only in \(folder), by a relative path without .., through no link, to a regular file; nothing changed"
        case .recordingFailed(let path, let commands):
            return
                "recording to \(path) stopped: a line could not be written (is the disk full?); the file keeps the \(Messages.count(commands, "command")) written before"
        case .fileExists(let path): return "\(path) exists; record \(path) overwrite=true replaces it, append=true adds to it"
        case .nothingAt(let path, let screen, let known):
            return "\(screen)'s state has nothing at \(path)\(suggestion(path, among: known)); fields: \(known.joined(separator: ", "))"
        case .unknownDependency(let name, let known):
            return known.isEmpty
                ? "this screen has no dependency '\(name)' (it has none to stub)"
                : "no dependency '\(name)'\(suggestion(name, among: known)); dependencies: \(known.joined(separator: ", "))"
        case .badStub(let name, let reason): return "that value is not what \(name) returns: \(reason); nothing changed"
        case .invariantViolated(let condition, let invariant, let actual, let cause):
            return "invariant \(invariant) broken by \(cause): \(condition.path) is \(actual.map(JSONWriter.string) ?? "missing")"
        case .eventDisabled(let event, let condition, let actual):
            return
                "\(event) is not enabled here: its precondition \(condition.text) does not hold (\(condition.path) is \(actual.map(JSONWriter.string) ?? "missing")); nothing was sent"
        case .nothingToUndo(let asked, let steps):
            return steps == 0
                ? "nothing to undo: no step has changed anything yet"
                : "cannot undo \(Self.count(asked, "step")): there \(steps == 1 ? "is" : "are") \(Self.count(steps, "step")) (history lists them)"
        case .undoNotHere:
            return
                "undo and history work in a pipe session (vmrepl reading requests from a pipe), over MCP and at a terminal, not in a script run yet; nothing changed"
        case .undoDiverged(let step, let command, let line, let difference):
            return
                "undo stopped: replayed in a fresh process, step \(step) ('\(command)', line \(line)) did not do what it did the first time\(difference.map { ": " + $0 } ?? ""); something it depends on is not repeatable (real time, a dependency not stubbed, randomness not from the screen's context); the session stays where it was"
        case .undoFailed(let reason):
            return "undo could not replay the session in a fresh process (\(reason)); the session stays where it was"
        case .notWatched(let path): return "\(path) is not watched on this screen; watch lists what is"
        case .notRecording: return "nothing is being recorded; record FILE starts"
        case .alreadyRecording: return "already recording; record stop first"
        }
    }

    /// "usage: …" for a command's usage line.
    static func usage(_ line: String) -> String {
        "usage: \(line)"
    }

    /// An event's arguments as `name: type, …`.
    static func arguments(_ arguments: [EventArgument], enabledWhen preconditions: [String] = []) -> String {
        let enabled = preconditions.isEmpty ? "" : "; only when " + preconditions.joined(separator: " and ")
        guard !arguments.isEmpty else { return "no arguments" + enabled }
        return arguments.map { argument in
            "\(argument.name): \(argument.type)" + (argument.cases.map { " (one of " + $0.joined(separator: ", ") + ")" } ?? "")
        }.joined(separator: ", ") + enabled
    }

    /// " (did you mean 'x'?)" for the closest of `candidates` within a small edit distance, or "".
    static func suggestion(_ word: String, among candidates: [String]) -> String {
        guard let best = Suggestions.closest(to: word, among: candidates) else { return "" }
        return " (did you mean '\(best)'?)"
    }
}

extension Messages {
    /// The heading of `--help`'s options.
    private static let optionsHeading = "Options:"

    /// A command-line argument with bytes that are not UTF-8 (`shown` with each as `\xFF`).
    static func argumentNotUTF8(_ shown: String) -> String {
        "an argument is not UTF-8 text (\(shown)): vmrepl reads its arguments as UTF-8, and such a path "
            + "would name another file; rename the file"
    }

    static let usageLine = """
        usage: vmrepl [OPTIONS]
               vmrepl run [OPTIONS] [--keep-going] [--pace=DURATION] [--junit=FILE] FILE...
               vmrepl test [OPTIONS] [--update] [--junit=FILE] FILE...
               vmrepl explore [OPTIONS] [--runs=N] [--steps=N] [--out=FILE] [--coverage[=FILE.dot]] [--abstract=PATH,…] SETUP
               vmrepl trace [-o FILE.html] LOG
        """

    /// `vmrepl --help`: the options, then the commands, each as its usage and its summary. Given
    /// the terminal's `columns`, every line is broken between words to fit them (a usage line's
    /// later parts indented under its first); without, lines are as long as they are (piped output).
    static func commandLineHelp(
        options: [(usage: String, summary: String)], commands: [(usage: String, summary: String)], columns: Int? = nil
    ) -> String {
        let commands = HelpEntry.table(commands, columns: columns)
        let options = HelpEntry.table(options, columns: columns)
        let modes = HelpEntry.table(
            [
                ("vmrepl", "reads commands from stdin (a terminal, or a pipe from another program)"),
                ("vmrepl run FILE...", "runs scripts (- for stdin); stops at the first error or failed expect"),
                ("vmrepl test FILE...", "replays transcripts and shows how their output differs"),
                ("vmrepl explore SETUP", "tries random steps after SETUP until an invariant breaks, and shrinks them"),
                ("vmrepl trace LOG", "turns a saved session (the protocol lines a driver logged) into a trace page"),
            ], columns: columns
        ).split(separator: "\n").map { String($0.dropFirst(2)) }.joined(separator: "\n")
        func fitted(_ text: String, indent: Int = 0) -> String {
            guard let columns, columns >= 20 else { return text }
            let lead = String(repeating: " ", count: indent)
            return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                let blanks = line.prefix { $0 == " " }.count
                return HelpEntry.wrapped(String(line), to: columns - blanks - indent)
                    .enumerated().map { ($0.offset == 0 ? String(repeating: " ", count: blanks) : String(repeating: " ", count: blanks) + lead) + $0.element }
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        }
        return """
            \(fitted("vmrepl: drive view models from a terminal, a pipe or a script; every result is one JSON line."))

            \(fitted(usageLine, indent: 4))

            \(modes)

            \(optionsHeading)
            \(options)

            \(fitted("Commands (one per line, or as JSON: {\"id\":1,\"cmd\":\"event\",\"name\":\"hello\"}):"))
            \(commands)
            """
    }
}

extension Messages {
    /// What `screens` adds to the summary of a screen whose factory is not written.
    static let needsAFactory = "needs a factory"

    /// Why an action's argument of `type` cannot be sent.
    static func notSendable(_ type: String) -> String {
        "\(type) is neither Decodable nor an enum whose cases vmrepl can make, so no event can pass it; make it Decodable to send it"
    }

    /// A value that names none of an enum's cases.
    static func notOneOfItsCases(_ given: String, cases: [String]) -> String {
        "\(given) is not one of its cases: \(cases.joined(separator: ", "))"
    }

    static func stalledWork(screen: String, after seconds: Double) -> String {
        "\(screen)'s work has run for \(seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)")s of real time without sleeping on the virtual clock: "
            + "it waits on something else (a network request, or a Task.sleep or clock not taken from context.clock, which runs on the real clock); "
            + "pass context.clock to the view model to put its sleeps on virtual time"
    }
    /// What a `wait` on real time names when a timer on the main run loop that no state holds is still to fire.
    static func unheldTimer(dueWithin seconds: Int) -> String {
        "a Timer on the main run loop that no state holds, due within \(seconds)s: "
            + "wait does not wait for it (it may repeat); wait until a condition it makes true does"
    }
    /// At a terminal, after the runtime's message of a trap: the words before the line's number.
    static var crashedInWordsBefore: StaticString { "\nvmrepl: the screen's own code trapped (the runtime's message is above) while running line " }
    /// And after it.
    static var crashedInWordsAfter: StaticString {
        "; the session ends here. A pipe or script session answers such a line with a crashed error, and vmrepl explore finds these as counterexamples.\n"
    }
    /// And after it, where a fresh process carries the session on (``TerminalKeeper``).
    static var crashedInWordsAfterCarryingOn: StaticString {
        "; vmrepl carries the session on at the step before, in a fresh process.\n"
    }
    /// The message of the error line a crash in a view model writes, as JSON text (a crash handler
    /// writes it as it is, with nothing made on the way).
    static var crashedMessage: StaticString {
        #""the process stopped on a trap or a fault while running this request (in Swift: a force-unwrapped nil, an index out of range, a precondition or fatalError failing); the runtime's message and place are on standard error""#
    }

    /// A wait that stopped looking because the main queue never went quiet.
    static let mainQueueNeverQuiet =
        "the main queue was still busy after 64 turns: a block that posts itself to it again (DispatchQueue.main.async, "
        + "RunLoop.main.perform, OperationQueue.main) or a value that differs every time it is read keeps it busy; the wait looked no further"
    /// What a `wait` on virtual time names for such a timer: without its date, which real time moves.
    static let unheldTimerOnVirtualTime =
        "a Timer on the main run loop that no state holds is still to fire, on real time: it does not fire when virtual time passes its date; "
        + "hold it in the state (var timer: Timer?) to put it on the virtual clock, or wait until a condition it makes true"
    /// Why the process stopped when its output could not be written (a full disk, an I/O error).
    static func outputFailed(reason: String) -> String {
        "vmrepl: cannot write the output: \(reason); stopped"
    }
    /// What a terminal shows after Ctrl-C cancelled the loads of `screens`.
    static func cancelledByInterrupt(_ screens: [String]) -> String {
        "⨯ load cancelled (Ctrl-C): " + screens.joined(separator: ", ")
    }
    /// Why the trace page (`--trace`) was not written.
    /// `--from=FILE@0`: steps are numbered from 1.
    static func fromStepNotPositive(_ argument: String) -> String {
        "--from=\(argument): steps are numbered from 1, as the trace page numbers them"
    }
    /// `--from`: the file could not be read.
    static func fromUnreadable(_ path: String) -> String {
        "--from: cannot read \(path)"
    }
    /// `--from`: the file is neither a trace page nor a protocol log.
    static func fromNotATrace(_ path: String) -> String {
        "--from: \(path) is not a trace page (--trace=FILE.html) nor a protocol log of requests and replies"
    }
    /// `--from`: the trace holds no request to replay.
    static func fromNoRequests(_ path: String) -> String {
        "--from: \(path) holds no request to replay (a log of the output alone keeps none)"
    }
    /// `--from=FILE@STEP` past the trace's last step.
    static func fromPastTheEnd(_ path: String, step: Int, steps: Int) -> String {
        "--from: \(path) has \(count(steps, "step")); there is no step \(step)"
    }
    /// `--from`: a step replayed did not repeat what the trace recorded.
    static func fromDiverged(_ path: String, step: Int, command: String, difference: String) -> String {
        "--from: \(path): step \(step) ('\(command)') did not do what the trace recorded: \(difference); something it depends on is not repeatable (real time, a dependency not stubbed, randomness not from the screen's context), or the screens changed since"
    }
    /// A replayed step whose reply the first time was a state, and not now.
    static let replyNotAState = "the first time it showed the state, now it did not"
    /// At a terminal: the session opened at a trace's step (`--from`).
    static func openedFrom(_ path: String, step: Int) -> String {
        "Opened at step \(step) of \(path); the state there:"
    }
    /// `--from`: a step replayed was not answered.
    static let fromNoReply = "it was not answered"
    /// `--from`: where a reply replayed differs from the one recorded.
    static func fromDifference(path: String, was: JSONValue?, now: JSONValue?) -> String {
        func shown(_ value: JSONValue?) -> String {
            guard let value else { return "nothing" }
            let text = String(decoding: JSONWriter.bytes(value), as: UTF8.self)
            return text.count > 60 ? String(text.prefix(60)) + "…" : text
        }
        return "\(path) was \(shown(was)), now \(shown(now))"
    }
    /// `vmrepl trace LOG` on a file without one protocol line: nothing to show.
    static func traceLogHoldsNoProtocolLine(_ path: String) -> String {
        "vmrepl: trace: \(path) holds no protocol line (a JSON object with a \"type\", as vmrepl writes them); no page written"
    }
    /// `vmrepl trace LOG`: lines past the length read were left out of the page.
    static func traceLogLinesTooLong(_ count: Int, limit: Int) -> String {
        "vmrepl: trace: \(Self.count(count, "line")) longer than \(limit >> 20) MiB left out of the page"
    }
    /// Why a log line's patch cannot be shown: the operation at `index` (or the whole patch) is ill-typed.
    static func badPatch(_ index: Int?, _ reason: String) -> String {
        (index.map { "operation \($0) of the patch: " } ?? "the patch: ") + reason
    }
    /// `vmrepl trace LOG` refuses a log whose patch the page could not apply.
    static func traceLogBadPatch(_ path: String, line: Int, reason: String) -> String {
        "vmrepl: trace: \(path):\(line): \(reason); no page written"
    }
    /// `vmrepl trace LOG` refuses to write its page over the log itself.
    static func traceWouldOverwriteLog(_ log: String, page: String) -> String {
        "vmrepl: trace: the page \(page) would overwrite the log \(log); name another page with -o FILE.html"
    }
    static func traceFailed(path: String, reason: String, option: String = "--trace") -> String {
        "vmrepl: \(option): cannot write \(path): \(reason)"
    }
    /// Why a trace page cannot be written, found before the session runs.
    static func traceNoFolder(_ folder: String) -> String { "there is no folder \(folder)" }
    static let traceIsFolder = "it is a folder"
    static let traceNameTooLong = "its name is longer than 255 bytes"
    /// Why a file written whole under `--files` (the trace page) was not written, without the
    /// `cannot write PATH:` that ``traceFailed(path:reason:)`` already puts before it.
    static func writeReason(_ reason: ReplError.Reason) -> String {
        switch reason {
        case .cannotRecord(_, let reason): return reason
        case .nameTooLong: return "a name in it is longer than the file system allows; name a shorter file"
        case .notARegularFile: return "it is not a regular file (a FIFO, a device or a folder); nothing changed"
        case .pathNotAllowed(_, let folder):
            return "files are written only in \(folder), by a relative path without .., through no link, to a regular file; nothing changed"
        default: return text(for: reason)
        }
    }
    /// The trace page's title: the scripts it ran (`vmrepl run`), else its file's name; names
    /// without their folders (a CI artifact is moved, its folder means nothing).
    static func traceTitle(path: String, scripts: [String] = []) -> String {
        func name(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
        guard !scripts.isEmpty else { return "vmrepl trace: " + name(path) }
        let named = scripts.prefix(3).map(name).joined(separator: ", ")
        return "vmrepl trace: " + named + (scripts.count > 3 ? " and \(scripts.count - 3) more" : "")
    }
    /// What the trace page says when its limits left steps or states out.
    static func traceDropped(steps: Int, states: Int, pushes: Int, stepLimit: Int, bytes: Int) -> String {
        var parts: [String] = []
        if steps > 0 { parts.append("\(count(steps, "step")) past the first \(stepLimit) or past \(bytes / (1 << 20)) MiB are counted, not kept") }
        if states > 0 { parts.append("the last \(count(states, "state")) are not kept (past \(bytes / (1 << 20)) MiB)") }
        if pushes > 0 { parts.append("\(count(pushes, "later line")) past \(bytes / (1 << 20)) MiB are not kept") }
        return "This trace is cut short: " + parts.joined(separator: "; ") + "; failing steps are kept all the same, and counted."
    }
    /// What ends a text the trace keeps cut: how long it was.
    static func traceCut(bytes: Int) -> String {
        "… [cut: \(bytes) bytes in all]"
    }
    static let noSuchFile = "no such file"
    static let isADirectory = "is a directory"
    static let unreadable = "cannot be read"
    static func scriptTooLarge(_ limit: Int) -> String { "larger than \(limit / (1 << 20)) MiB; not a script" }
    /// Why a `# vary:` path was refused.
    static func badVaryPath(_ text: String) -> String {
        "# vary: '\(text)' is not a path; write paths such as state.id, state.items[*].createdAt, separated by commas"
    }
    static func transcriptDiffers(_ path: String, _ line: Int, _ command: String) -> String { "\(path):\(line): output of '\(command)' differs" }
    /// The error explore's stubs fail with.
    static let exploredFailure = "explored failure"

    static func loadCause(line: Int?) -> String {
        line.map { "the load started on line \($0)" } ?? "a load"
    }
    package static func transcriptPathDiffers(_ path: String, expected: String?, actual: String?) -> String {
        "  \(path): expected \(expected ?? "nothing"), got \(actual ?? "nothing")"
    }
    static func transcriptSummary(passed: Int, failed: Int, updated: Bool) -> String {
        updated ? "vmrepl test: \(count(passed + failed, "transcript")) updated" : "vmrepl test: \(passed) passed, \(failed) failed"
    }
    static func droppedCalls(_ dropped: Int) -> String {
        "(\(count(dropped, "older call")) dropped: the newest \(DependencyTable.callLimit / 2) to \(DependencyTable.callLimit) are kept)"
    }
    /// The first line of a tool call's text when older lines waiting for it were dropped.
    static func droppedLines(_ dropped: Int) -> String {
        "(\(count(dropped, "older line")) dropped while no call took them: at most the newest \(ToolCallCollector.lineLimit), of about \(ToolCallCollector.byteLimit >> 20) MiB, are kept)"
    }
    /// A count with its noun in English: `1 step`, `2 steps`.
    package static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
    /// A setting `set` changed, at a terminal.
    static func setting(_ name: String, is value: String) -> String { "\(name): \(value)" }
    static func recording(to path: String) -> String { "recording to \(path)" }
    /// A dependency's stubs after `unstub NAME`, newest first, each as JSON.
    static func stubs(of dependency: String, _ stubs: [String]) -> String {
        stubs.isEmpty ? "\(dependency): live" : "\(dependency): " + stubs.joined(separator: ", then ")
    }
    static func unstubbed(_ screen: String) -> String { "every dependency of \(screen) is live" }
    static func invariants(_ invariants: [String]) -> String {
        invariants.isEmpty ? "no invariants" : "invariants: " + invariants.joined(separator: "; ")
    }
    static func watches(_ paths: [String], on screen: String) -> String {
        paths.isEmpty ? "watching nothing on \(screen)" : "watching on \(screen): \(paths.joined(separator: ", "))"
    }
    static func stubbed(_ dependency: String, _ stub: String, count: Int) -> String {
        "\(dependency): \(stub) first (\(Self.count(count, "stub")); describe lists them)"
    }
    /// `history` at a terminal: one step a line, numbered, with its input line.
    static func history(_ steps: [(number: Int?, command: String, line: Int)], count: Int) -> String {
        guard !steps.isEmpty else { return "no steps yet" }
        // A command that trapped has no number: it changed nothing, and undo does not count it.
        let shown = steps.map { step in
            step.number.map { "\($0). \(step.command)   (line \(step.line))" } ?? "✗  \(step.command)   (line \(step.line), trapped)"
        }
        let numbered = steps.count { $0.number != nil }
        return ((count > numbered ? ["… \(Self.count(count - numbered, "earlier step"))"] : []) + shown).joined(separator: "\n")
    }
    static func preconditionAdded(_ precondition: String?, count: Int) -> String {
        guard let precondition else { return "no preconditions" }
        return "precondition: \(precondition) (\(Self.count(count, "precondition")); describe shows them on their events)"
    }
    static func invariantAdded(_ invariant: String, count: Int) -> String {
        "invariant: \(invariant) (\(Self.count(count, "invariant")); invariants lists them)"
    }
    static func watched(_ path: String, on screen: String, count: Int) -> String {
        "watching \(path) on \(screen) (\(Self.count(count, "path")); watch alone lists them)"
    }
    static func unwatched(_ path: String?, on screen: String, count: Int) -> String {
        "stopped watching \(path ?? "every path") on \(screen) (\(Self.count(count, "path")) left)"
    }
    /// What explore reports of a counterexample: for JUnit, and on stderr; `unwritten` is why its
    /// script could not be written to `file`.
    static func counterexample(_ message: String, steps: [String], file: String, unwritten: String?) -> (failure: String, report: String) {
        let shrunk = "\(message); \(count(steps.count, "step")) after the setup"
        guard let unwritten else { return ("\(file): \(shrunk): " + steps.joined(separator: "; "), "vmrepl explore: \(shrunk): \(file)") }
        let steps = steps.joined(separator: "; ")
        return (
            "\(shrunk): \(steps) (\(counterexampleFile(file, unwritten: unwritten)))",
            "vmrepl explore: \(shrunk): \(steps); \(counterexampleFile(file, unwritten: unwritten))"
        )
    }
    /// What explore found that stopped a worker, in a line: `kind` is `trap`, `hang` or `exit`.
    static func found(_ kind: String, message: String, place: String?) -> String {
        let place = place.map { " at \($0)" } ?? ""
        switch kind {
        case "trap": return "counterexample: the last step traps: \(message)\(place)"
        case "hang": return "counterexample: the last step does not return: \(message)"
        default: return "counterexample: the last step ends the process: \(message)"
        }
    }
    /// Fields of a screen whose value is new every time the state is read.
    static func restlessFields(_ names: [String]) -> String {
        "\(names.joined(separator: ", ")) \(names.count == 1 ? "changes" : "change") every time the state is read (a getter that reads a clock or counts its reads): a change to \(names.count == 1 ? "it" : "them") alone is not pushed; a command's reply still shows \(names.count == 1 ? "it" : "them")"
    }
    /// A worker that ended before it said it was ready.
    /// `ScreenTest.undo` past the screen's opening.
    package static func screenTestUndoTooFar(steps: Int, kept: Int) -> String {
        "cannot go back \(count(steps, "step")): \(count(kept, "step")) since the screen was opened"
    }
    /// A terminal session's worker could not be started.
    static func workerCouldNotStart(_ reason: String) -> String {
        "could not start the session's process (\(reason))"
    }
    /// A terminal's worker: the process keeping the session is gone.
    static let keeperGone = "the process keeping the session is gone"
    /// At a terminal, after a trap: where the session carries on.
    static func carriedOn(after command: (text: String, line: Int)?, steps: Int) -> String {
        guard let command else {
            return
                "vmrepl: the trap came between commands (work a step started); carrying on at the last step in a fresh process: \(count(steps, "step")) replayed"
        }
        return
            "vmrepl: carrying on at the step before '\(command.text)' (line \(command.line)) in a fresh process: \(count(steps, "step")) replayed; history marks it"
    }
    /// At a terminal: a trap came again between commands, right after the session was carried on.
    static let trapsAgainByItself =
        "the screen trapped again between commands right after the session was carried on (work its steps start traps by itself); the session ends"
    /// At a terminal, after a trap: the fresh process's replay did not repeat a step.
    static func carryOnDiverged(step: Int, command: String, difference: String?) -> String {
        "cannot carry on: replayed in a fresh process, step \(step) ('\(command)') did not do what it did the first time\(difference.map { ": " + $0 } ?? "") (real time, a dependency not stubbed, randomness not from the screen's context); the session ends"
    }
    static func workerEnded(_ how: String?) -> String {
        "the worker ended before it had replayed the steps" + (how.map { " (\($0))" } ?? "")
    }
    /// A step that did not return within `limit`.
    static func stepHung(_ limit: String) -> String {
        "the step did not return within \(limit) of real time (--step-timeout); its worker was stopped"
    }
    /// A worker that exited while a step ran.
    static func workerExited(_ status: Int32) -> String {
        "the process exited with status \(status) while the step ran"
    }
    /// A process ended by a signal, named.
    static func signalled(_ signal: Int32) -> String {
        let names: [Int32: String] = [4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"]
        return "the process was ended by signal \(signal)" + (names[signal].map { " (\($0))" } ?? "")
    }
    /// Explore could not start a worker, so it runs its trials in this process.
    static func workerNotStarted(_ reason: String) -> String {
        "vmrepl explore: a worker process could not be started (\(reason)); the trials run in this process, where a trap ends the exploration"
    }
    /// The counterexample script's comment before a trap's or a hang's steps.
    static func findingComment(_ kind: String, message: String, place: String?) -> String {
        switch kind {
        case "trap": "# the last step traps: \(message)" + (place.map { " (\($0))" } ?? "")
        case "hang": "# the last step does not return"
        default: "# the last step ends the process"
        }
    }
    /// Where a counterexample's script went, or why it is not there.
    static func counterexampleFile(_ file: String, unwritten: String?) -> String {
        unwritten.map { "the script was not written to \(file): \($0)" } ?? "written to \(file)"
    }
    /// Why a report, a page or a script is not written over what is at its path.
    static let notAFileToReplace = "it is not a regular file (a device, a FIFO, a folder or this process's own output); nothing was written"
    /// The line a person sees first at a terminal.
    static func banner(screens: [String], clock: String) -> String {
        "vmrepl \(Release.version): screens \(screens.joined(separator: ", ")); \(clock) time. help lists the commands."
    }
    static func explored(runs: Int, steps: Int, checks: Int) -> String {
        "explored \(count(runs, "run")), \(count(steps, "step")), \(count(checks, "invariant check")): nothing broke"
    }
    /// `explore --coverage` at a terminal: the counts, then what was never sent or reached.
    static func coverage(_ coverage: Coverage) -> [String] {
        let sent = coverage.events.count - coverage.unsent.count
        var lines = [
            "coverage: \(sent) of \(count(coverage.events.count, "event")) sent; \(count(coverage.states.count, "abstract state")), "
                + "\(count(coverage.transitions.count, "transition"))"
        ]
        for event in coverage.unsent {
            lines.append("  never sent: " + neverSent(event))
        }
        for path in coverage.paths where path.cases != nil {
            lines.append("  \(path.path): " + (path.unreached.isEmpty ? "every case reached" : "never reached: " + path.unreached.joined(separator: ", ")))
        }
        if coverage.dropped.states > 0 || coverage.dropped.transitions > 0 {
            lines.append("  " + coverageDropped(coverage))
        }
        if let graph = coverage.graph {
            lines.append("  " + (graph.unwritten.map { "the graph was not written to \(graph.path): \($0)" } ?? "graph written to \(graph.path)"))
        }
        return lines
    }

    /// Why an event was never sent: refused each time, how and where; or never tried.
    static func neverSent(_ event: Coverage.EventTally) -> String {
        guard event.tried > 0 else { return "\(event.name): never tried" }
        let codes = event.codes.map { "\($0.code) ×\($0.count)" }.joined(separator: ", ")
        let why = event.firstRefusal.map { ": " + $0 } ?? ""
        return "\(event.name): refused all \(count(event.tried, "time")), in \(count(event.statesTried, "abstract state")) (\(codes))\(why)"
    }

    /// What coverage left out past its limits.
    static func coverageDropped(_ coverage: Coverage) -> String {
        "past the limits (\(coverage.limits.states) states, \(coverage.limits.transitions) transitions), "
            + "\(count(coverage.dropped.states, "step")) reaching a new state and \(count(coverage.dropped.transitions, "transition")) were not kept"
    }

    /// What the trace page's coverage graph says when it does not draw every state and transition.
    static func coverageDiagramBound(drawnStates: Int, states: Int, drawnTransitions: Int, transitions: Int) -> String {
        "The graph draws \(drawnStates) of \(count(states, "abstract state")) and \(drawnTransitions) of \(count(transitions, "transition")), "
            + "the first ones; the rest are listed below it."
    }
    /// The label of an abstract state with no value (every path led nowhere), in the coverage graph and the dot file.
    static let coverageDiagramNoValue = "(no value)"
    /// The heading of an enum case the coverage graph draws dashed: no state reached it.
    static let coverageDiagramUnreached = "never reached"
    /// What the coverage graph is, for a screen reader.
    static func coverageDiagramLabel(states: Int, transitions: Int) -> String {
        "coverage graph: \(count(states, "abstract state")), \(count(transitions, "transition"))"
    }

    /// Why a path given to `--abstract` was refused.
    static func badAbstractPath(_ text: String) -> String {
        "--abstract takes paths of the state separated by commas, such as users.phase,query; '\(text)' is not a path"
    }

    /// Why the coverage graph (`--coverage=FILE.dot`) was not written.
    /// `--abstract` named paths no state of the runs had: the coverage keyed by them says nothing.
    static func abstractPathsNeverFound(_ paths: [String]) -> String {
        "vmrepl explore: --abstract: no state had \(paths.joined(separator: ", ")); name paths that state prints"
    }
    /// Written in coverage in place of a value at an abstract path too large to repeat in every state.
    static func abstractedValue(kind: String, bytes: Int, digest: UInt64) -> String {
        "<\(kind) of \(bytes) bytes, digest \(String(digest, radix: 16))>"
    }
    static func coverageGraphFailed(path: String, reason: String) -> String {
        "vmrepl explore: --coverage: cannot write \(path): \(reason)"
    }

    /// Heads the lines a recording started mid-session begins with.
    static let recordingSetup = "# the session when the recording started: its screen, mocked state, stubs and invariants"
    static func recorded(_ commands: Int, to path: String) -> String {
        "recorded \(count(commands, "command")) to \(path)"
    }
}

/// What the MCP server says: tool descriptions, its instructions, and JSON-RPC errors.
extension Messages {
    /// A tool's description for a model: what it does, what it returns, one example.
    static func toolDescription(summary: String, returns: String, example: String) -> String {
        summary.prefix(1).uppercased() + summary.dropFirst() + ". Returns " + returns + ". Example arguments: " + example
    }

    static func mcpInstructions(screens: [String], clock: ClockMode) -> String {
        """
        vmrepl hosts app screens' view models headlessly: open one with use, send events, mock states, \
        run loads and check the state. Screens: \(screens.joined(separator: ", ")). Time is \(clock.rawValue)\
        \(clock == .virtual ? ": a call returns once its loads have finished, with every state they went through, and advance moves the clock" : ": a call returns its reply at once; wait returns what happened since"). \
        \(describeHint) A result's structuredContent holds the reply \
        (type state, ok, error…) and the other lines the call produced; an error names its code, what is known and the closest match.
        """
    }

    /// How a model learns a screen's events, in the instructions.
    private static let describeHint = "Call describe after use to see a screen's events and their arguments."
    static let rpcParseError = "parse error: the message is not JSON"
    static let rpcBatch = "batches are not supported; send one message per line"
    static let rpcNotRequest = "a JSON-RPC 2.0 message is an object with \"jsonrpc\":\"2.0\" and a method"
    static let rpcBadID = "a request's id is a string or a number"
    /// A JSON-RPC message whose envelope, params or a tool's arguments give a member twice.
    static func rpcRepeatedMember(_ key: String) -> String { "\"\(key)\" is given twice; give each member once" }
    static let rpcNotInitialized =
        "not initialized: send initialize first, or carry io.modelcontextprotocol/protocolVersion in the request's _meta"
    static let rpcUnsupportedVersion = "Unsupported protocol version"
    static func rpcUnknownMethod(_ method: String) -> String { "method not found: \(method)" }
    static let rpcCallWithoutName = "invalid params: tools/call needs the tool's name"
    static let rpcArgumentsNotObject = "invalid params: a tool's arguments are an object"
    static func rpcUnknownTool(_ name: String, known: [String]) -> String {
        "unknown tool '\(name)'\(suggestion(name, among: known)); tools: \(known.joined(separator: ", "))"
    }
    static func rpcRejectedLine(_ error: ReplError) -> String { "parse error: \(error.message)" }
    static func progress(waited seconds: Int, loading: [String]) -> String {
        "\(seconds)s" + (loading.isEmpty ? "" : "; loading: " + loading.joined(separator: ", "))
    }
}

extension Messages {
    /// A number given for a type that cannot hold it (`128` for an `Int8`, `1e39` for a `Float`).
    static func outOfRange(_ number: String?, type: String) -> String {
        guard let number else { return "a number is out of the range its type holds, in this \(type)" }
        return "\(number) is out of the range \(type) holds"
    }
    /// A number at `path` (empty: the whole value) of a `type` that its field's type cannot hold.
    static func outOfRange(_ number: String, at path: String, in type: String) -> String {
        path.isEmpty ? outOfRange(number, type: type) : "\(number) at \(path) is out of the range its type holds"
    }
}

extension Messages {
    /// Why `mock state=VALUE` was refused when VALUE is not the whole state.
    static func expectedFields(hasStateField: Bool) -> String {
        guard hasStateField else { return "expected an object of fields" }
        return #"mock state= takes the whole state, an object of its fields; to mock the field named state alone, write mock ["state"]=VALUE"#
    }
}

extension Messages {
    /// Why a value given for a field of an enum type that is not `Decodable` was refused.
    static func notACase(_ field: String, cases: [String]) -> String {
        "\(field) is one of its cases, \(cases.joined(separator: ", ")), written \"case\" or {\"case\": payload}"
    }
    /// Why text given for an enum (a field, an argument, a part of either) was refused: it names no case.
    static func notOneOfTheCases(_ given: String, field: String, cases: [String]) -> String {
        "\(given) is not a case: " + notACase(field, cases: cases)
    }
}

/// The marks a state carries where a value could not be written in full.
extension Messages {
    /// Written in place of a value nested deeper than `depth` levels.
    static func cutDeeper(than depth: Int) -> String { ValueKind.cutDeeper(than: depth) }
    /// Written in place of every value past the first `count` of one state.
    static func cutLarger(than count: Int) -> String { "<cut: the state holds more than \(count) values>" }
    /// Written in place of an actor, whose state is not read from another thread.
    static func actorValue(_ type: String) -> String { "<actor: \(type)>" }
    /// Written in place of an object that guards its state with a lock: another thread may be writing it.
    static func lockedValue(_ type: String) -> String { "<locked: \(type)>" }
    /// Written in place of a pointer or a task handle, whose bits differ in every process.
    static func opaqueValue(_ type: String) -> String { "<\(type)>" }
    /// What a `NotificationCenter` block observer's token is shown as.
    static let notificationObserver = "NotificationCenter observer"
    /// Written in place of an object already written in full `times` times in one state.
    static func sharedObject(_ type: String, times: Int) -> String { "<shared: \(type), written in full \(times) times above>" }
    /// A stored property of a type that cannot be copied (a `Mutex`, an `Atomic`), which reflection cannot read.
    static let noncopyableValue = "<~Copyable>"
    /// An object met deeper than where it is written in full, in a state that meets it too often.
    static func sharedObjectNearer(_ type: String) -> String { "<shared: \(type), written in full nearer the top>" }
}
