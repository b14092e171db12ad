/// Keeps a session for its trace page (`--trace=FILE.html`): each request's line, id, text and
/// reply, the pushes under the request that caused them, the virtual clock, the failures, and the
/// states as a chain of patches.
///
/// It is a front end like the others, handed every value of the session's one stream, and it is
/// only there when `--trace` is given, so a session without it pays nothing. What it keeps is
/// bounded by ``Limits``: past the step limit later steps are counted, not kept; past the state
/// budget later states are not kept (their steps still are). The page says which.
@MainActor
package final class TraceRecorder: OutputConsumer {
    /// How much a trace keeps.
    package struct Limits: Sendable {
        /// The most steps (requests) kept; later ones are counted.
        package var steps = 10_000
        /// The most bytes of states and patches kept; later states are left out.
        package var stateBytes = 64 << 20

        package init() {}
    }

    /// One request: its reply and what it caused later.
    struct Step {
        var line: Int?
        var id: JSONValue?
        /// The line as read; `nil` where none was (the `ready` line, a line that was not text).
        var command: String?
        /// The session's clock when the reply came, in seconds (virtual time only).
        var clock: Double?
        /// The reply as its protocol line, a state's own value left out (it is in ``states``).
        var reply: JSONValue
        /// The lines the request caused later, and the `change` lines just before its reply.
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
    /// How many steps and states were past the limits and not kept.
    private(set) var droppedSteps = 0
    private(set) var droppedStates = 0
    private var stateBytes = 0
    /// The text of the request being replied to, told just before its reply.
    private var pending: (tag: RequestTag, text: String)?
    /// `change` lines written just before the reply they belong to.
    private var pendingChanges: [JSONValue] = []
    /// Where each line's step is, for its pushes; reset with each session (`run` numbers each script from 1).
    private var stepByLine: [Int: Int] = [:]
    /// Each screen's last state kept, and its index.
    private var lastState: [String: (json: [UInt8], index: Int)] = [:]
    private let lines = JSONLineBuilder()
    private lazy var writer = ProtocolWriter(output: lines)
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
        if case .ready = value.reply {
            stepByLine.removeAll()
            lastState.removeAll()
        }
        // Where the value goes, decided first: past the step limit nothing is rendered or diffed.
        let owner: Int?
        if value.push {
            // A push without a request (none today) goes with the last step.
            owner = value.tag.map { stepByLine[$0.line] } ?? steps.indices.last
            guard owner != nil else { return }
        } else {
            owner = nil
            guard steps.count < limits.steps else {
                if !Self.isChange(value.reply) { droppedSteps += 1 }
                pending = nil
                return
            }
        }
        let line: JSONValue
        var stateIndex: Int?
        if case .state(let snapshot) = value.reply {
            stateIndex = keep(snapshot)
            line = stateLine(snapshot, value)
        } else {
            writer.render(value)
            line = lines.line
        }
        if let index = owner {
            steps[index].pushes.append(line)
            if let now = readClock?() { steps[index].pushClocks.append(DurationText.seconds(now)) }
            if let stateIndex { steps[index].state = stateIndex }
            if let failure = Self.failure(of: value.reply) { steps[index].failure = Self.worse(steps[index].failure, failure) }
            return
        }
        if Self.isChange(value.reply) {
            pendingChanges.append(line)
            return
        }
        var step = Step(line: value.tag?.line, id: value.tag?.id, reply: line)
        if let tag = value.tag, let pending, pending.tag == tag { step.command = pending.text }
        pending = nil
        step.clock = readClock?().map(DurationText.seconds)
        step.pushes = pendingChanges
        pendingChanges = []
        step.state = stateIndex ?? steps.last?.state
        step.failure = Self.failure(of: value.reply)
        if let number = value.tag?.line { stepByLine[number] = steps.count }
        steps.append(step)
    }

    /// Whether a value is a `change` line, which goes with the reply after it.
    private static func isChange(_ reply: Reply) -> Bool {
        if case .change = reply { return true }
        return false
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
        guard stateBytes + size <= limits.stateBytes else {
            droppedStates += 1
            return nil
        }
        stateBytes += size
        states.append(entry)
        lastState[snapshot.screen] = (snapshot.json, states.count - 1)
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
