/// Keeps a session for its trace page (`--trace=FILE.html`): each request's line, id, text and
/// reply, the pushes under the request that caused them, the virtual clock, the failures, and the
/// states as a chain of patches.
///
/// It is a front end like the others, handed every value of the session's one stream, and it is
/// only there when `--trace` is given, so a session without it pays nothing. What it keeps is
/// bounded by ``Limits``: every byte it keeps (a request's text, its reply, its pushes, the states)
/// counts against one budget, and a text longer than ``Limits/textBytes`` is kept cut, with how long
/// it was. Past the step limit or the budget later steps, pushes and states are counted, not kept;
/// a failing step is kept all the same (up to ``Limits/failuresPastTheLimits`` of them), so the
/// page's first failure and its counts are right. The page says what was left out.
@MainActor
package final class TraceRecorder: OutputConsumer {
    /// How much a trace keeps.
    package struct Limits: Sendable {
        /// The most steps (requests) kept; later ones are counted.
        package var steps = 10_000
        /// The most bytes kept in all: requests' text, replies, pushes, states and patches.
        package var bytes = 64 << 20
        /// The longest text kept whole (a request's line, a string in a reply or a push); a
        /// longer one is kept as its first part and a note of its length.
        package var textBytes = 64 << 10
        /// How many failing steps are kept past the step limit or the budget.
        package var failuresPastTheLimits = 100

        package init() {}
    }

    /// One request: its reply and what it caused later.
    struct Step {
        /// The script the step is from (`run` with its scripts), so that its line is not ambiguous.
        var file: String?
        /// The JSON-RPC id of the tool call the step answers (`--mcp`), as its JSON text.
        var call: String?
        var line: Int?
        var id: JSONValue?
        /// The line as read; `nil` where none was (the `ready` line, a line that was not text).
        var command: String?
        /// The session's clock when the reply came, in seconds (virtual time only).
        var clock: Double?
        /// The reply as its protocol line, a state's own value left out (it is in ``states``).
        var reply: JSONValue
        /// The lines the request caused later, and the `change` and `output` lines just before its
        /// reply; the `output` lines its work sent after the reply too, carrying its line.
        var pushes: [JSONValue] = []
        /// The clock when each push came, in seconds (virtual time only).
        var pushClocks: [Double] = []
        /// The index in ``states`` of the last state this step showed, if it showed one.
        var state: Int?
        /// `expect`, `invariant` or `error`: what failed, the worst first.
        var failure: String?
    }

    /// One state line: a patch against an earlier one of the same screen, or the whole state (with
    /// the patch's paths, when there was one, for the page to highlight).
    struct StateEntry {
        var screen: String
        var model: String
        var full: [UInt8]?
        var base: Int?
        var patch: JSONValue?
    }

    let limits: Limits
    private(set) var steps: [Step] = []
    private(set) var states: [StateEntry] = []
    /// How many steps, states and pushes were past the limits and not kept.
    private(set) var droppedSteps = 0
    private(set) var droppedStates = 0
    private(set) var droppedPushes = 0
    /// How many failed `expect`s and broken invariants were past the limits and not kept (past
    /// ``Limits/failuresPastTheLimits``): the page counts them.
    private(set) var droppedFailures = 0
    /// The failing steps kept past the limits.
    private var failuresKeptPast = 0
    /// The bytes kept so far, against ``Limits/bytes``.
    private(set) var keptBytes = 0
    /// The coverage line of `explore --coverage`, whole (a step's reply may be cut), and what it
    /// counted, for the page's coverage graph. Its size is bounded by coverage's own limits, not
    /// by ``Limits/bytes``.
    private(set) var coverage: (line: JSONValue, coverage: Coverage)?
    /// The text of the request being replied to, told just before its reply.
    private var pending: (tag: RequestTag, text: String)?
    /// `change` lines written just before the reply they belong to.
    private var pendingChanges: [JSONValue] = []
    /// Where each line's step is, for its pushes; reset with each session (`run` numbers each script from 1).
    private var stepByLine: [Int: Int] = [:]
    /// Each screen's last state kept, and its index.
    private var lastState: [String: (json: [UInt8], index: Int)] = [:]
    /// Each screen's last state kept, whole or as a patch: what a log's next patch applies to.
    private var lastStateIndex: [String: Int] = [:]
    private let lines = JSONLineBuilder()
    private lazy var writer = ProtocolWriter(output: lines)
    /// The script being run (`vmrepl run`), set before each; later steps name it.
    package var file: String? {
        didSet { if let file, file != "-", !scripts.contains(file) { scripts.append(file) } }
    }
    /// The scripts run, in order, each once: what the page is titled by.
    package private(set) var scripts: [String] = []
    /// The JSON-RPC id of the tool call being run (`--mcp`), as its JSON text; its steps carry it.
    package var call: String?
    /// Reads the session's virtual clock; set by the session, `nil` on real time.
    package var readClock: (@MainActor () -> Duration?)?

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    package var isClosed: Bool { false }

    package func flush() {}

    package var trace: TraceRecorder? { self }

    /// Notes the text of the request whose reply comes next.
    package func request(_ text: String, tag: RequestTag) {
        pending = (tag, text)
    }

    package func consume(_ value: OutputValue, settings: OutputSettings) {
        var snapshot: StateSnapshot?
        if case .state(let state) = value.reply { snapshot = state }
        var isReady = false
        if case .ready = value.reply { isReady = true }
        if case .exploration(.coverage(let covered)) = value.reply {
            writer.render(value)
            coverage = (lines.line, covered)
        }
        let shown = Shown(
            tag: value.tag, push: value.push, isReady: isReady, isChange: Self.isChange(value.reply), isOutput: Self.isOutput(value.reply),
            failure: Self.failure(of: value.reply), state: snapshot.map(StateShown.whole))
        record(shown) {
            if let snapshot { return self.stateLine(snapshot, value) }
            self.writer.render(value)
            return self.cut(line: self.lines.line)
        }
    }

    /// What the recorder needs to know of one line of the stream, whether it comes as a value of
    /// the session (``consume(_:settings:)``) or as a line of a saved log (`vmrepl trace`).
    struct Shown {
        var tag: RequestTag?
        var push: Bool
        /// A `ready` line: a new session starts, its lines numbered from 1 again.
        var isReady: Bool
        /// A `change` or `output` line, which goes with the reply after it.
        var isChange: Bool
        /// An `output` line, which goes with the step of the request whose line it carries when
        /// that step is there already (work sent it after the reply), else with the reply after it.
        var isOutput = false
        /// `expect`, `invariant` or `error`, when the line says something failed.
        var failure: String?
        var state: StateShown?
    }

    /// The state a line shows: whole, or (a log written with `--states=diff`) as a patch against
    /// the screen's last state.
    enum StateShown {
        case whole(StateSnapshot)
        case patch(screen: String, model: String, patch: JSONValue)
    }

    /// Records one line; `render` gives it as kept (a state line without its state), and is only
    /// called when the line is kept.
    func record(_ shown: Shown, render: () -> JSONValue) {
        if shown.isReady {
            stepByLine.removeAll()
            lastState.removeAll()
            lastStateIndex.removeAll()
        }
        let failure = shown.failure
        // Where the value goes, decided first: past the limits nothing is rendered or diffed
        // unless it is a failure, which is always kept (up to a number).
        var owner: Int?
        var pastTheLimits = false
        if shown.push {
            // A push without a request (none today) goes with the last step.
            owner = shown.tag.map { stepByLine[$0.line] } ?? steps.indices.last
            if owner == nil {
                // Its request was not kept: a failure becomes a step of its own.
                guard failure != nil, keepPast(failure) else { return }
                pastTheLimits = true
            } else if let index = owner, let failure {
                steps[index].failure = Self.worse(steps[index].failure, failure)
            }
        } else if shown.isOutput, let number = shown.tag?.line, let index = stepByLine[number] {
            // Sent by its request's work after the reply: that step's, like a push.
            owner = index
        } else if steps.count >= limits.steps || keptBytes >= limits.bytes {
            guard !shown.isChange, keepPast(failure) else {
                if shown.isChange { droppedPushes += 1 } else { droppedSteps += 1 }
                droppedPushes += pendingChanges.count
                pendingChanges = []
                pending = nil
                return
            }
            pastTheLimits = true
        }
        let line = render()
        let lineBytes = JSONWriter.bytes(line).count
        if let index = owner {
            guard keptBytes + lineBytes <= limits.bytes else {
                droppedPushes += 1
                if shown.state != nil { droppedStates += 1 }
                return
            }
            keptBytes += lineBytes
            steps[index].pushes.append(line)
            if let now = readClock?() { steps[index].pushClocks.append(DurationText.seconds(now)) }
            if let state = shown.state, !pastTheLimits, let stateIndex = keep(state) { steps[index].state = stateIndex }
            return
        }
        // A `change` line comes before its reply: the request's text waits for the reply.
        let isStep = !shown.isChange
        let command = isStep && !shown.push ? pending.flatMap { $0.tag == shown.tag ? cut($0.text) : nil } : nil
        if isStep && !shown.push { pending = nil }
        if !pastTheLimits, keptBytes + lineBytes + (command?.utf8.count ?? 0) > limits.bytes {
            // Past the budget: counted like a step past the step limit, a failure kept all the same.
            guard !shown.isChange, keepPast(failure) else {
                if shown.isChange { droppedPushes += 1 } else { droppedSteps += 1 }
                if shown.state != nil { droppedStates += 1 }
                droppedPushes += pendingChanges.count
                pendingChanges = []
                return
            }
            pastTheLimits = true
        }
        keptBytes += lineBytes + (command?.utf8.count ?? 0)
        var stateIndex: Int?
        if let state = shown.state, !pastTheLimits { stateIndex = keep(state) }
        if shown.isChange {
            pendingChanges.append(line)
            return
        }
        var step = Step(file: file, call: shown.push ? nil : call, line: shown.tag?.line, id: shown.tag?.id, command: command, reply: line)
        step.clock = readClock?().map(DurationText.seconds)
        step.pushes = pendingChanges
        // Written just before the reply, at its time.
        if let clock = step.clock { step.pushClocks = pendingChanges.map { _ in clock } }
        pendingChanges = []
        // A step kept past the limits shows no state: the last one kept is not the state after it.
        step.state = pastTheLimits ? nil : stateIndex ?? steps.last?.state
        step.failure = failure
        if let number = shown.tag?.line, !shown.push { stepByLine[number] = steps.count }
        steps.append(step)
    }

    /// Marks the last step failed as a failed `expect` is: a check outside the session (a Swift
    /// test's own) found the state it left wrong.
    package func markLastStepFailed() {
        guard let last = steps.indices.last else { return }
        steps[last].failure = Self.worse(steps[last].failure, "expect")
    }

    /// Whether a step past the limits is kept: a failed `expect` or a broken invariant, while
    /// fewer than ``Limits/failuresPastTheLimits`` have been; one that is not is counted.
    private func keepPast(_ failure: String?) -> Bool {
        guard let failure, failure != "error" else { return false }
        guard failuresKeptPast < limits.failuresPastTheLimits else {
            droppedFailures += 1
            return false
        }
        failuresKeptPast += 1
        return true
    }

    /// `text`, or its first ``Limits/textBytes`` and a note of how long it was.
    private func cut(_ text: String) -> String {
        let length = text.utf8.count
        guard length > limits.textBytes else { return text }
        var end = text.utf8.index(text.utf8.startIndex, offsetBy: limits.textBytes)
        while end.samePosition(in: text.unicodeScalars) == nil { end = text.utf8.index(before: end) }
        return String(text[..<end]) + Messages.traceCut(bytes: length)
    }

    /// A line with its long strings cut; a line still longer than twice ``Limits/textBytes`` (many
    /// strings, a large value) keeps only its `type`, `code`, `message` and `path`, and says how
    /// long it was in `cut`.
    func cut(line: JSONValue) -> JSONValue {
        let shortened = cut(line)
        let size = JSONWriter.bytes(shortened).count
        guard size > 2 * limits.textBytes, case .object(let members) = shortened else { return shortened }
        let kept = members.filter { ["type", "seq", "line", "id", "push", "code", "message", "path"].contains($0.key) }
        return .object(kept + [("cut", .int(JSONWriter.bytes(line).count))])
    }

    /// `value` with every string longer than ``Limits/textBytes`` cut.
    private func cut(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(cut(text))
        case .array(let items): .array(items.map { cut($0) })
        case .object(let members): .object(members.map { ($0.key, cut($0.value)) })
        default: value
        }
    }

    /// Whether a value is a `change` or an `output` line, which goes with the reply after it.
    private static func isChange(_ reply: Reply) -> Bool {
        switch reply {
        case .change, .output: return true
        default: return false
        }
    }

    /// Whether a value is an `output` line, which goes with the step of its request.
    private static func isOutput(_ reply: Reply) -> Bool {
        if case .output = reply { return true }
        return false
    }

    /// Keeps a state a line shows; its index, or `nil` past the budget.
    private func keep(_ state: StateShown) -> Int? {
        switch state {
        case .whole(let snapshot): return keep(snapshot)
        case .patch(let screen, let model, let patch): return keep(patch: patch, screen: screen, model: model)
        }
    }

    /// Keeps a patch a log's line holds as it is, against the screen's last state; with no last
    /// state to apply it to, nothing is kept.
    private func keep(patch: JSONValue, screen: String, model: String) -> Int? {
        guard droppedStates == 0 else {
            droppedStates += 1
            return nil
        }
        guard let base = lastStateIndex[screen] else { return nil }
        let size = JSONWriter.bytes(patch).count
        guard keptBytes + size <= limits.bytes else {
            droppedStates += 1
            return nil
        }
        keptBytes += size
        states.append(StateEntry(screen: screen, model: model, base: base, patch: patch))
        // The next whole state is kept whole: there are no bytes to diff it against.
        lastState[screen] = nil
        lastStateIndex[screen] = states.count - 1
        return states.count - 1
    }

    /// Keeps a state as a patch against the screen's last one (or whole); its index, or `nil` past the budget.
    private func keep(_ snapshot: StateSnapshot) -> Int? {
        guard droppedStates == 0 else {
            droppedStates += 1
            return nil
        }
        var entry = StateEntry(screen: snapshot.screen, model: snapshot.model.rawValue)
        var size = snapshot.json.count
        if let previous = lastState[snapshot.screen], let operations = JSONTextDiff.diff(from: previous.json, to: snapshot.json) {
            if operations.isEmpty, states[previous.index].model == entry.model { return previous.index }
            // A patch smaller than the state is kept instead of it; otherwise the state is kept
            // whole with the patch's operations without their values, the paths the page highlights.
            let patch = JSONPatch.json(operations)
            let patchSize = JSONWriter.bytes(patch).count
            entry.base = previous.index
            if patchSize < size {
                entry.patch = patch
                size = patchSize
            } else {
                let paths = Self.paths(of: operations)
                entry.full = snapshot.json
                entry.patch = paths
                size += JSONWriter.bytes(paths).count
            }
        } else {
            entry.full = snapshot.json
        }
        guard keptBytes + size <= limits.bytes else {
            droppedStates += 1
            return nil
        }
        keptBytes += size
        states.append(entry)
        lastState[snapshot.screen] = (snapshot.json, states.count - 1)
        lastStateIndex[snapshot.screen] = states.count - 1
        return states.count - 1
    }

    /// The operations of a patch without their values: what changed, where.
    private static func paths(of operations: [JSONPatch.Operation]) -> JSONValue {
        .array(
            operations.map { operation in
                switch operation {
                case .add(let path, _): .object([("op", .string("add")), ("path", .string(path))])
                case .remove(let path): .object([("op", .string("remove")), ("path", .string(path))])
                case .replace(let path, _): .object([("op", .string("replace")), ("path", .string(path))])
                }
            })
    }

    /// A state line as the wire has it, without its state (kept apart).
    private func stateLine(_ snapshot: StateSnapshot, _ value: OutputValue) -> JSONValue {
        lines.begin("state", seq: value.seq, tag: value.tag, push: value.push)
        lines.screen(snapshot.screen, model: snapshot.model)
        if snapshot.isLoading { lines.field("loading", true) }
        if !snapshot.pending.isEmpty { lines.field("pending", .array(snapshot.pending.map(JSONValue.string))) }
        if let result = snapshot.result { lines.field("result", result) }
        lines.end()
        return lines.line
    }

    /// What a value says failed: a failed `expect`, a broken invariant, or another error.
    private static func failure(of reply: Reply) -> String? {
        guard case .error(let error) = reply else { return nil }
        switch error.code {
        case .expectationFailed: return "expect"
        case .invariantViolated: return "invariant"
        default: return "error"
        }
    }

    /// The worse of two failures: an `expect` or an invariant outranks another error.
    private static func worse(_ a: String?, _ b: String) -> String {
        guard let a else { return b }
        return a == "error" ? b : a
    }
}
