/// Turns a saved protocol session into a trace page (`vmrepl trace FILE.jsonl -o FILE.html`):
/// the lines a harness logged, read one at a time into a ``TraceRecorder``.
///
/// A line that is a JSON object with a `type` is a protocol line, recorded as the session wrote it
/// (a state line whole or, from `--states=diff`, as its patch). Any other line that is not blank is
/// a request the log kept: requests are numbered from 1 as vmrepl numbers its input (again from
/// 1 for each session after the first, from the requests logged just before its `ready`), and a reply carrying that `line` shows the request's text. A log of the
/// output alone gives a page whose steps show their replies but not the commands.
@MainActor
package struct TraceLogReader {
    /// The longest log line read (a state of many megabytes fits); a longer one is skipped and counted.
    package static let maximumLineBytes = 256 << 20

    package let recorder: TraceRecorder
    /// The requests read and not yet answered, by their line number.
    private var requests: [Int: String] = [:]
    private var requestCount = 0
    /// The requests read since the last protocol line: a new session's first lines when a `ready` follows.
    private var sinceLastProtocolLine: [String] = []
    /// How many protocol lines were read.
    package private(set) var protocolLines = 0
    /// How many lines were read, blank ones too: where in the log a line is.
    private var linesRead = 0
    /// The first line whose patch the page could not apply, and why: the log is refused, not shown wrong.
    package private(set) var badPatch: (line: Int, reason: String)?

    package init(recorder: TraceRecorder) {
        self.recorder = recorder
    }

    /// Where `vmrepl trace LOG` writes its page when not told: LOG with `.html` for its extension.
    package nonisolated static func pagePath(forLog log: String) -> String {
        let name = log.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? log
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return log + ".html" }
        return String(log.dropLast(name.distance(from: dot, to: name.endIndex))) + ".html"
    }

    /// Reads one line of the log (without its newline).
    package mutating func read(_ text: String) {
        linesRead += 1
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        guard let value = try? JSONParser.parse(text, maximumDepth: 512), case .object(let members) = value,
            case .string(let type)? = value["type"]
        else {
            requestCount += 1
            requests[requestCount] = text
            sinceLastProtocolLine.append(text)
            return
        }
        if type == "ready", protocolLines > 0 {
            // Another session: its lines are numbered from 1, the requests logged before its
            // `ready` (a driver need not wait for it) its first.
            requests = Dictionary(uniqueKeysWithValues: sinceLastProtocolLine.enumerated().map { ($0.offset + 1, $0.element) })
            requestCount = sinceLastProtocolLine.count
        }
        sinceLastProtocolLine = []
        protocolLines += 1
        if badPatch == nil, let patch = value["patch"], let reason = Self.patchProblem(patch) { badPatch = (linesRead, reason) }
        var tag: RequestTag?
        if case .int(let line)? = value["line"] { tag = RequestTag(line: line, id: value["id"]) }
        let push = value["push"] == .bool(true)
        if let tag, !push, type != "change", type != "output", let request = requests.removeValue(forKey: tag.line) {
            recorder.request(request, tag: tag)
        }
        let state = Self.state(of: value)
        let shown = TraceRecorder.Shown(
            tag: tag, push: push, isReady: type == "ready", isChange: type == "change" || type == "output", isOutput: type == "output",
            failure: Self.failure(of: value), state: state)
        recorder.record(shown) {
            // A state line is kept without its state, which goes into the chain of states.
            let kept = state == nil ? members : members.filter { $0.key != "state" && $0.key != "patch" }
            return recorder.cut(line: .object(kept))
        }
    }

    /// The state a line shows, whole or as a patch.
    private static func state(of line: JSONValue) -> TraceRecorder.StateShown? {
        guard case .string(let screen)? = line["screen"] else { return nil }
        let model: String = if case .string(let name)? = line["model"] { name } else { ModelKind.real.rawValue }
        if let state = line["state"] {
            let snapshot = StateSnapshot(
                screen: screen, model: ModelKind(rawValue: model) ?? .real, isLoading: line["loading"] == .bool(true), json: JSONWriter.bytes(state))
            return .whole(snapshot)
        }
        if case .array? = line["patch"], let patch = line["patch"] {
            return .patch(screen: screen, model: model, patch: patch)
        }
        return nil
    }

    /// Why `patch` is not a patch the page applies (an array of `add`, `remove` and `replace`
    /// operations, each with a JSON pointer for its path and a value where it takes one), or `nil`.
    static func patchProblem(_ patch: JSONValue) -> String? {
        guard case .array(let operations) = patch else { return Messages.badPatch(nil, "it is \(patch.kind), not an array of operations") }
        for (index, operation) in operations.enumerated() {
            guard case .object = operation else { return Messages.badPatch(index, "it is \(operation.kind), not an object") }
            guard case .string(let op)? = operation["op"], ["add", "remove", "replace"].contains(op) else {
                return Messages.badPatch(index, "its \"op\" is not \"add\", \"remove\" or \"replace\"")
            }
            guard case .string(let path)? = operation["path"], path.isEmpty || path.hasPrefix("/") else {
                return Messages.badPatch(index, "its \"path\" is not a JSON pointer such as \"/users/0\"")
            }
            if op != "remove", operation["value"] == nil { return Messages.badPatch(index, "\(op) needs a \"value\"") }
        }
        return nil
    }

    /// What a line says failed: a failed `expect`, a broken invariant, or another error.
    private static func failure(of line: JSONValue) -> String? {
        guard line["type"] == .string("error") else { return nil }
        switch line["code"] {
        case .string(ReplError.Code.expectationFailed.rawValue)?: return "expect"
        case .string(ReplError.Code.invariantViolated.rawValue)?: return "invariant"
        default: return "error"
        }
    }
}
