import Foundation

/// Where `--from=FILE@STEP` opens a session: the requests of a trace page or a protocol log up to
/// that step, each with its reply and state as they were recorded, for the session to replay
/// quietly and compare (``Session/open(from:)``).
///
/// Steps are the requests, numbered from 1 as the page numbers them (`#3`), the `ready` line not
/// counted. When the file holds several sessions (`run` of several scripts), the steps replayed are
/// those of the session STEP is in, from its start.
@MainActor
package struct TraceStart {
    /// One request to replay: its text, and what it was answered the first time.
    package struct Step {
        /// Its number on the page.
        package var number: Int
        package var text: String
        /// The reply as recorded, its state left out (and `seq`, `line`, `id`: where it was, not what it said).
        package var reply: JSONValue
        /// Where the state the reply showed is in the trace's chain of states, for a state reply
        /// whose state the trace kept (``state(of:)`` makes it whole).
        package var stateIndex: Int?
        /// Whether the trace cut the reply (a reply over its text limit): only its type is compared.
        package var isCut: Bool
    }

    package var file: String
    /// The step asked for; the last when none was.
    package var step: Int
    package var steps: [Step]
    /// The clock the recorded session ran on, from its `ready` line.
    package var clock: ClockMode?
    /// The trace's states, made whole one at a time as the steps are replayed.
    private var chain: StateChain

    /// The state `step` showed, made whole; `nil` where the trace did not keep it. Asked in the
    /// steps' order, it holds no more states than the chain still needs.
    package mutating func state(of step: Step) -> JSONValue? {
        step.stateIndex.flatMap { chain.state(at: $0) }
    }

    /// What a trace's document holds, read from a page or made from a log.
    private struct Document {
        var steps: [JSONValue]
        var states: [JSONValue]
    }

    /// The members of a reply that say where it was rather than what it said.
    static let placeMembers: Set<String> = ["seq", "line", "id", "push", "state", "patch", "cut"]

    /// Reads `FILE@STEP` (or `FILE`: its last step) from a trace page or a protocol log.
    package static func read(_ argument: String) -> Result<TraceStart, TraceStartError> {
        var file = argument
        var asked: Int?
        if let at = argument.lastIndex(of: "@"), let number = Int(argument[argument.index(after: at)...]) {
            guard number > 0 else { return .failure(TraceStartError(Messages.fromStepNotPositive(argument))) }
            file = String(argument[..<at])
            asked = number
        }
        let document: Document
        switch readDocument(file) {
        case .success(let read): document = read
        case .failure(let failure): return .failure(failure)
        }
        // The requests, numbered; the sessions' starts.
        var requests: [(number: Int, step: JSONValue)] = []
        var sessionStart = 0
        var clock: ClockMode?
        var stepsTaken: [(number: Int, step: JSONValue)] = []
        for step in document.steps {
            if step["reply"]?["type"] == .string("ready") {
                sessionStart = requests.count
                if case .string(let name)? = step["reply"]?["clock"] { clock = ClockMode(rawValue: name) }
                continue
            }
            guard case .string? = step["cmd"] else { continue }
            requests.append((requests.count + 1, step))
            if let asked, requests.count == asked {
                stepsTaken = Array(requests[sessionStart...])
                break
            }
        }
        guard !requests.isEmpty else { return .failure(TraceStartError(Messages.fromNoRequests(file))) }
        if let asked {
            guard !stepsTaken.isEmpty else { return .failure(TraceStartError(Messages.fromPastTheEnd(file, step: asked, steps: requests.count))) }
        } else {
            stepsTaken = Array(requests[sessionStart...])
        }
        var steps: [Step] = []
        for (number, step) in stepsTaken {
            guard case .string(let text)? = step["cmd"], let reply = step["reply"] else { continue }
            // A request is one line: a text that is not came from a page edited by hand.
            guard !text.contains(where: \.isNewline) else { return .failure(TraceStartError(Messages.fromNotATrace(file))) }
            var index: Int?
            if reply["type"] == .string("state"), case .int(let stateIndex)? = step["state"], stateIndex >= 0 { index = stateIndex }
            let kept: JSONValue =
                if case .object(let members) = reply { .object(members.filter { !placeMembers.contains($0.key) }) } else { reply }
            steps.append(Step(number: number, text: text, reply: kept, stateIndex: index, isCut: reply["cut"] != nil))
        }
        let chain = StateChain(entries: document.states, needed: steps.compactMap(\.stateIndex))
        return .success(TraceStart(file: file, step: asked ?? requests.count, steps: steps, clock: clock, chain: chain))
    }

    /// The document of a trace page (its embedded data) or of a protocol log (read as `vmrepl trace` reads one).
    private static func readDocument(_ file: String) -> Result<Document, TraceStartError> {
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(TraceStartError(Messages.fromUnreadable(file)))
        }
        let bytes = [UInt8](data)
        let json: JSONValue?
        if let body = pageData(bytes) {
            json = try? JSONParser.parse(String(decoding: body, as: UTF8.self), maximumDepth: JSONLineBuilder.maximumStateDepth + 16)
        } else {
            let recorder = TraceRecorder()
            var reader = TraceLogReader(recorder: recorder)
            for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
                reader.read(String(decoding: line, as: UTF8.self))
            }
            guard reader.protocolLines > 0, reader.badPatch == nil else { return .failure(TraceStartError(Messages.fromNotATrace(file))) }
            let document = recorder.document(title: file)
            json = document.withUnsafeBufferPointer { try? JSONParser.parse($0, maximumDepth: JSONLineBuilder.maximumStateDepth + 16) }
        }
        guard let json, case .array(let steps)? = json["steps"], case .array(let states)? = json["states"] else {
            return .failure(TraceStartError(Messages.fromNotATrace(file)))
        }
        return .success(Document(steps: steps, states: states))
    }

    /// The JSON a trace page embeds, if `bytes` are one.
    private static func pageData(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
        let open = Array(#"<script type="application/json" id="trace-data">"#.utf8)
        let close = Array("</script>".utf8)
        guard let start = bytes.firstRange(of: open)?.upperBound, let end = bytes[start...].firstRange(of: close)?.lowerBound else { return nil }
        return bytes[start..<end]
    }

    /// A trace's states, each whole or a patch against an earlier one, made whole when asked for.
    /// A state made is kept only while a later state is a patch against it: a chain of many
    /// patches of a large state holds one or two, not one per patch.
    private struct StateChain {
        var entries: [JSONValue]
        /// The states made and still needed.
        var made: [Int: JSONValue] = [:]
        /// How many states not made yet are patches against each.
        var uses: [Int: Int] = [:]

        /// `needed`: the states the steps will ask for; only patches up to the last count.
        init(entries: [JSONValue], needed: [Int]) {
            self.entries = entries
            let last = min(needed.max() ?? -1, entries.count - 1)
            guard last >= 0 else { return }
            for index in 0...last {
                if case .int(let base)? = entries[index]["base"], base < index, entries[index]["full"] == nil { uses[base, default: 0] += 1 }
            }
        }

        /// The state at `index`, its chain of patches applied; `nil` where the chain is broken.
        mutating func state(at index: Int) -> JSONValue? {
            // Down the chain to a state known, then up again applying each patch.
            var chain: [Int] = []
            var current = index
            var state: JSONValue?
            while entries.indices.contains(current), chain.count <= entries.count {
                if let known = made[current] ?? entries[current]["full"] {
                    state = known
                    break
                }
                guard case .int(let base)? = entries[current]["base"], base < current else { return nil }
                chain.append(current)
                current = base
            }
            guard var value = state else { return nil }
            var base = current
            for link in chain.reversed() {
                guard let patch = entries[link]["patch"], let next = JSONPatch.applying(patch, to: value) else { return nil }
                value = next
                // The state it was made from is let go once nothing else is a patch against it.
                if let left = uses[base] {
                    uses[base] = left > 1 ? left - 1 : nil
                    if left <= 1 { made[base] = nil }
                }
                if uses[link] != nil { made[link] = next }
                base = link
            }
            return value
        }
    }
}

/// Why `--from` cannot open a session where it was asked to, in words.
package struct TraceStartError: Error {
    package var message: String

    init(_ message: String) {
        self.message = message
    }
}
