import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vmrepl --mcp`: the session served to an agent over the Model Context Protocol on stdio,
/// JSON-RPC 2.0 one message per line, each command of the table offered to agents as a tool.
///
/// Both eras are spoken: a client that opens with `initialize` gets the handshake revision it asks
/// for (2024-11-05 to 2025-11-25); a request carrying `io.modelcontextprotocol/protocolVersion` in
/// its `_meta` is served by the per-request revision (2026-07-28, `server/discover`). Requests run
/// one at a time in the order they came; a cancellation is read while a call runs. docs/MCP.md
/// is its specification.
@MainActor
package final class MCPServer {
    /// JSON-RPC's error codes.
    private enum ErrorCode: Int {
        case parse = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    /// A JSON-RPC error answer.
    private struct Failure: Error {
        var code: Int
        var message: String
        var data: JSONValue?

        init(_ code: ErrorCode, _ message: String) {
            self.code = code.rawValue
            self.message = message
        }

        init(code: Int, message: String, data: JSONValue) {
            self.code = code
            self.message = message
            self.data = data
        }
    }

    /// A request read and not yet run: its id, method and params, and its line as read (what a
    /// worker an `undo` started is handed, when it is still to run then).
    private typealias Queued = (id: RequestID, method: String, params: JSONValue?, text: String)

    private let session: Session
    private let collector: ToolCallCollector
    /// What this server replays first and answers, when a worker was started for `undo`.
    private let plan: ResumePlan?
    /// The requests read and not run when an `undo` handed the session to a worker, and every line
    /// read after: its input, before the rest.
    private var handedOn: [UInt8] = []
    /// The lines of the requests queued and not yet run, in order.
    private var queuedTexts: [String] = []
    private let registry: ScreenRegistry
    private let reader: InputReader
    private let input: Int32
    private let output: Int32
    private let catalog: ToolCatalog
    /// The handshake revision `initialize` settled on, if a client opened that way.
    private var handshakeRevision: String?
    /// How many tool calls have run; a call's lines carry its number as their `line`.
    private var calls = 0
    /// The id of the call running now, and whether the client cancelled it.
    private var running: (id: RequestID, cancelled: Bool)?
    /// Ids of the requests read but not yet run.
    private var queued: Set<RequestID> = []
    /// How many requests are read but not yet run (ids may repeat), and the read loop waiting
    /// for that to fall to ``backlogLimit``.
    private var backlog = 0
    private var backlogWaiter: CheckedContinuation<Void, Never>?
    /// How many requests may wait to run before reading stops: enough that a cancellation is
    /// read while a call runs, few enough that a flood of pipelined calls keeps memory flat.
    static let backlogLimit = 64
    /// Ids of queued requests cancelled before they ran; a cancellation of a request already
    /// answered (a common race) is ignored, so a reused id is never skipped.
    private var cancelledEarly: Set<RequestID> = []
    /// The trace kept of the session (`--trace`): told each call's id, and a refused call's request.
    private let trace: TraceRecorder?
    private let start: TraceStart?
    private let report: (String) -> Void

    /// - Parameters:
    ///   - input: Where messages come from (stdin).
    ///   - output: Where messages go (the process's real stdout; everything else printed goes to stderr).
    ///   - trace: The trace kept of the session (`--trace`), beside the tool results.
    ///   - start: The trace and step the session opens at (`--from`), its steps replayed quietly first.
    ///   - report: Where the server says why it could not open there.
    ///   - launch: How to start a worker for `undo`; `nil`: `undo` is not served.
    ///   - plan: The steps to replay quietly before answering, in a worker `undo` started.
    package init(
        registry: ScreenRegistry, options: Evaluator.Options, input: Int32, output: Int32, maximumLineLength: Int, trace: TraceRecorder? = nil,
        opening start: TraceStart? = nil, launch: WorkerLaunch? = nil, resuming plan: ResumePlan? = nil, report: @escaping (String) -> Void = { _ in }
    ) {
        self.plan = plan
        self.input = input
        self.registry = registry
        self.start = start
        self.report = report
        let collector = ToolCallCollector()
        self.collector = collector
        self.trace = trace
        session = Session(registry: registry, options: options, consumer: trace.map { OutputTee(collector, trace: $0) } ?? collector)
        reader = InputReader(fileDescriptor: input, maximumLineLength: maximumLineLength)
        self.output = output
        catalog = ToolCatalog(registry: registry)
        session.workerLaunch = launch
        session.protocolDescriptor = output
    }

    /// Serves until end of input, finishes what is in flight, and returns the exit status (0:
    /// a tool's error is an answer to the agent, not a failure of the server).
    package func run() async -> ExitStatus {
        let signals = TerminationSignals { [session] signal in
            if signal == SIGINT { _ = session.interrupt() }
            TerminationSignals.exit(for: signal)
        }
        defer { withExtendedLifetime(signals) {} }
        if let plan {
            guard await resume(plan) else { return .success }
        } else if let start, let problem = await session.open(from: start) {
            report("vmrepl: \(problem)")
            return .requestFailed
        }
        let (requests, queue) = AsyncStream.makeStream(of: Queued.self)
        let worker = Task {
            for await request in requests { await self.serve(request.id, request.method, request.params) }
        }
        for await batch in reader.batches() {
            for line in batch { take(line, into: queue) }
            // Read no further ahead than the calls being run: the reader waits, and so does the pipe.
            if backlog > Self.backlogLimit { await withCheckedContinuation { backlogWaiter = $0 } }
            reader.batchHandled()
        }
        queue.finish()
        await worker.value
        if let worker = session.handedOver {
            // The worker is the session now: what was read and not run goes to it first, then the rest.
            signals.cancel()
            switch worker.relay(input: input, pending: handedOn + pendingTail, forwarding: [SIGINT, SIGTERM, SIGHUP]) {
            case .exited(let status): return ExitStatus(rawValue: status) ?? .requestFailed
            case .signalled(let signal): _exit(128 + signal)
            }
        }
        await session.finish()
        return .success
    }

    // MARK: Going back

    /// The environment variables a worker `undo` starts reads the MCP session's state from: the
    /// handshake revision, the revision the `undo` call asked for (per-request era), and its id.
    private static let handshakeVariable = "VMREPL_RESUME_MCP_HANDSHAKE"
    private static let callRevisionVariable = "VMREPL_RESUME_MCP_REVISION"
    private static let callIDVariable = "VMREPL_RESUME_MCP_ID"

    /// In a worker `undo` started: replays the steps quietly, then answers the `undo` call as
    /// `state` would be; whether every step repeated (when not, the worker says so and ends).
    private func resume(_ plan: ResumePlan) async -> Bool {
        let environment = ProcessInfo.processInfo.environment
        handshakeRevision = environment[Self.handshakeVariable].flatMap { $0.isEmpty ? nil : $0 }
        guard await session.replay(plan) else { return false }
        calls = plan.line
        guard let idText = environment[Self.callIDVariable], let id = RequestID(text: idText) else { return true }
        let revision = environment[Self.callRevisionVariable].flatMap { $0.isEmpty ? nil : $0 }
        let result = toolResult(collector.take(call: plan.line), structured: revision != nil || MCPRevision.hasStructuredContent(handshakeRevision ?? ""))
        send(result: revision == nil ? result : stamped(result), id: id)
        return true
    }

    /// Before a call that may hand the session to a worker (`undo`): what that worker needs to answer it.
    private func prepareHandOver(id: RequestID, revision: String?) {
        session.workerEnvironment = [
            Self.handshakeVariable: handshakeRevision ?? "", Self.callRevisionVariable: revision ?? "", Self.callIDVariable: id.text,
        ]
    }

    /// Once a worker is the session: stops reading, keeping what was read of a line not yet whole.
    private func handOver() {
        handedOn = queuedTexts.flatMap { Array($0.utf8) + [UInt8(ascii: "\n")] }
        queuedTexts = []
        let rest = reader.stop()
        // A line past the limit being skipped reaches the worker as one it refuses alike.
        pendingTail = rest.skipping ? [UInt8](repeating: UInt8(ascii: "x"), count: reader.maximumLineLength + 2) : rest.bytes
    }

    /// What the reader had read of a line not yet whole when the session was handed over.
    private var pendingTail: [UInt8] = []

    // MARK: Reading

    /// Reads one message: answers what is wrong with it at once, handles notifications (a
    /// cancellation reaches a call while it runs), and queues requests.
    /// How many levels a tool call's envelope takes: the message, its `params`, their `arguments`.
    static let envelopeDepth = 3

    /// The top-level `id` member of a message, as its JSON text and where it stands (byte
    /// offsets), found by scanning without parsing the rest: also in a message that is not JSON
    /// as a whole (nested too deep, say).
    static func scannedID(in text: String) -> (text: String, range: Range<Int>)? {
        var text = text
        return text.withUTF8 { bytes -> (text: String, range: Range<Int>)? in
            let scanned = JSONText(bytes: bytes)
            guard let range = scanned.value(at: 0), bytes[range.lowerBound] == UInt8(ascii: "{"),
                let members = scanned.members(of: range), let id = members.first(where: { $0.key == "id" })
            else { return nil }
            return (String(decoding: UnsafeBufferPointer(rebasing: bytes[id.value]), as: UTF8.self), id.value)
        }
    }

    private func take(_ line: InputLine, into queue: AsyncStream<Queued>.Continuation) {
        if session.handedOver != nil {
            // A worker is the session: every line goes to it, as read (one refused as read, as bytes refused alike).
            switch line.content {
            case .text(let text): handedOn += Array(text.utf8)
            case .rejected(let error): handedOn += LineSplitter.bytesRejected(as: error, limit: reader.maximumLineLength)
            }
            handedOn.append(UInt8(ascii: "\n"))
            return
        }
        let text: String
        switch line.content {
        case .rejected(let error):
            return send(error: Failure(.parse, Messages.rpcRejectedLine(error)), id: .null)
        case .text(let line):
            text = line
        }
        guard text.contains(where: { !$0.isWhitespace }) else { return }
        // The id is answered as its text: the message is parsed with a plain 0 in its place, so an
        // id no JSON value holds exactly (1e400) is still an id.
        let scanned = Self.scannedID(in: text)
        var parsed = Array(text.utf8)
        if let scanned { parsed.replaceSubrange(scanned.range, with: [UInt8(ascii: "0")]) }
        // The envelope (message, params, arguments) takes three levels: a tool's arguments nest as deep as a line's values may.
        let maximumDepth = JSONParser.defaultMaximumDepth + Self.envelopeDepth
        let read = parsed.withUnsafeBufferPointer { try? JSONParser.parseNotingRepeat($0, maximumDepth: maximumDepth, levels: Self.envelopeDepth) }
        guard let (message, repeated) = read else {
            return send(error: Failure(.parse, Messages.rpcParseError), id: scanned.flatMap { RequestID(text: $0.text) } ?? .null)
        }
        // A member given twice in the message, its params or a tool's arguments leaves which one counts to a guess.
        if let repeated {
            let id = repeated == "id" ? nil : scanned.flatMap { RequestID(text: $0.text) }
            return send(error: Failure(.invalidRequest, Messages.rpcRepeatedMember(repeated)), id: id ?? .null)
        }
        if case .array = message { return send(error: Failure(.invalidRequest, Messages.rpcBatch), id: .null) }
        // nil: no id (a notification); .some(nil): an id that is neither a string nor a number.
        let given = scanned.map { RequestID(text: $0.text) }
        guard case .object = message, message["jsonrpc"] == .string("2.0") else {
            return send(error: Failure(.invalidRequest, Messages.rpcNotRequest), id: (given ?? nil) ?? .null)
        }
        guard let method = message["method"]?.stringValue else {
            // A response to a request of ours: the server sends none, so there is nothing to match.
            if message["result"] != nil || message["error"] != nil { return }
            return send(error: Failure(.invalidRequest, Messages.rpcNotRequest), id: (given ?? nil) ?? .null)
        }
        let params = message["params"]
        guard let given else { return notice(method, params) }
        // JSON-RPC ids are strings or numbers, fractions and exponents included; answered as given.
        guard let id = given else { return send(error: Failure(.invalidRequest, Messages.rpcBadID), id: .null) }
        queued.insert(id)
        backlog += 1
        queuedTexts.append(text)
        queue.yield((id, method, params, text))
    }

    /// A notification: nothing is answered. A cancellation stops the call it names, or keeps the
    /// request it names from running.
    private func notice(_ method: String, _ params: JSONValue?) {
        guard method == "notifications/cancelled", let requestID = params?["requestId"], let id = RequestID(value: requestID) else { return }
        if let running, running.id == id {
            self.running?.cancelled = true
            _ = session.interrupt()
            session.stopWaiting()
        } else if queued.contains(id) {
            cancelledEarly.insert(id)
        }
    }

    // MARK: Serving

    private func serve(_ id: RequestID, _ method: String, _ params: JSONValue?) async {
        queued.remove(id)
        backlog -= 1
        if backlog <= Self.backlogLimit, let waiter = backlogWaiter {
            backlogWaiter = nil
            waiter.resume()
        }
        // Handed to a worker already, with the session.
        if session.handedOver != nil { return }
        queuedTexts.removeFirst()
        if cancelledEarly.remove(id) != nil { return }
        do throws(Failure) {
            if let version = params?["_meta"]?[MCPRevision.versionKey] {
                guard let version = version.stringValue, MCPRevision.perRequest.contains(version) else {
                    throw Failure(
                        code: MCPRevision.unsupportedVersionCode, message: Messages.rpcUnsupportedVersion,
                        data: .object([("supported", .array(MCPRevision.all.map(JSONValue.string))), ("requested", version)]))
                }
                return try await servePerRequest(id, method, params, revision: version)
            }
            switch method {
            case "initialize":
                let revision = MCPRevision.negotiate(params?["protocolVersion"]?.stringValue)
                handshakeRevision = revision
                send(result: initializeResult(revision), id: id)
            case "ping":
                send(result: .object([]), id: id)
            case "server/discover":
                send(result: stamped(discoverResult()), id: id)
            case "tools/list", "tools/call":
                guard let revision = handshakeRevision else { throw Failure(.invalidRequest, Messages.rpcNotInitialized) }
                if method == "tools/list" {
                    send(result: .object([("tools", .array(MCPRevision.hasStructuredContent(revision) ? catalog.tools : catalog.untitledTools))]), id: id)
                } else if let result = try await callTool(id, params, structured: MCPRevision.hasStructuredContent(revision)) {
                    send(result: result, id: id)
                }
            default:
                throw Failure(.methodNotFound, Messages.rpcUnknownMethod(method))
            }
        } catch {
            send(error: error, id: id)
        }
    }

    /// A request of the per-request era: `server/discover`, `tools/list` and `tools/call`, each
    /// result marked complete and stamped with the server's name.
    private func servePerRequest(_ id: RequestID, _ method: String, _ params: JSONValue?, revision: String) async throws(Failure) {
        switch method {
        case "server/discover":
            send(result: stamped(discoverResult()), id: id)
        case "tools/list":
            send(result: stamped(.object([("tools", .array(catalog.tools)), ("ttlMs", .int(0)), ("cacheScope", .string("private"))])), id: id)
        case "tools/call":
            if let result = try await callTool(id, params, structured: true) { send(result: stamped(result), id: id) }
        default:
            throw Failure(.methodNotFound, Messages.rpcUnknownMethod(method))
        }
    }

    private var serverInfo: JSONValue {
        .object([("name", .string("vmrepl")), ("version", .string(Release.version))])
    }

    private var instructions: JSONValue {
        .string(Messages.mcpInstructions(screens: registry.names, clock: session.clockMode))
    }

    private func initializeResult(_ revision: String) -> JSONValue {
        .object([
            ("protocolVersion", .string(revision)), ("capabilities", .object([("tools", .object([("listChanged", .bool(false))]))])),
            ("serverInfo", serverInfo), ("instructions", instructions),
        ])
    }

    private func discoverResult() -> JSONValue {
        .object([
            ("supportedVersions", .array(MCPRevision.all.map(JSONValue.string))), ("capabilities", .object([("tools", .object([]))])),
            ("instructions", instructions), ("ttlMs", .int(0)), ("cacheScope", .string("private")),
        ])
    }

    /// A per-request era result: `resultType` and the server's name in `_meta`.
    private func stamped(_ result: JSONValue) -> JSONValue {
        var result = result
        result.set("resultType", to: .string("complete"))
        result.set("_meta", to: .object([(MCPRevision.serverInfoKey, serverInfo)]))
        return result
    }

    // MARK: Tool calls

    /// Runs one tool call as the command of the same name; on virtual time, returns once every
    /// load it started has finished. `nil` when the client cancelled it (its lines go to the next call).
    private func callTool(_ id: RequestID, _ params: JSONValue?, structured: Bool) async throws(Failure) -> JSONValue? {
        guard case .object? = params, let name = params?["name"]?.stringValue else { throw Failure(.invalidParams, Messages.rpcCallWithoutName) }
        guard let spec = catalog.spec(name) else {
            let known = catalog.tools.compactMap { $0["name"]?.stringValue }
            throw Failure(.invalidParams, Messages.rpcUnknownTool(name, known: known))
        }
        var request: [(key: String, value: JSONValue)] = [("cmd", .string(spec.name))]
        switch params?["arguments"] {
        case nil, .null?: break
        case .object(let arguments)?: request += arguments
        default: throw Failure(.invalidParams, Messages.rpcArgumentsNotObject)
        }
        calls += 1
        let number = calls
        running = (id, false)
        let progress = params?["_meta"]?["progressToken"].map { reportProgress($0) }
        trace?.call = id.text
        defer { trace?.call = nil }
        if let reserved = request.dropFirst().first(where: { $0.key == "cmd" || $0.key == "id" }) {
            // Refused before it is read: the trace still shows the call, its tool named.
            trace?.request(JSONWriter.string(.object(request)), tag: RequestTag(line: number, id: nil))
            session.reject(ReplError(.unknownMember(reserved.key, command: spec.name, allowed: spec.members.map(\.name))), line: number)
        } else {
            if spec.name == UndoCommand.spec.name { prepareHandOver(id: id, revision: params?["_meta"]?[MCPRevision.versionKey]?.stringValue) }
            await session.handle(request: .object(request), number: number)
            if session.handedOver != nil {
                // The worker answers this call, and every request after it.
                progress?.cancel()
                running = nil
                handOver()
                return nil
            }
            if session.clockMode == .virtual, running?.cancelled == false { await session.runLoadsToEnd() }
        }
        progress?.cancel()
        defer { running = nil }
        if running?.cancelled == true { return nil }
        return toolResult(collector.take(call: number), structured: structured)
    }

    /// A call's result: the human view's text of its lines, and the lines themselves, its reply
    /// apart (`structuredContent`, or a second text block for revisions without it).
    private func toolResult(_ taken: ToolCallCollector.Taken, structured: Bool) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [("reply", taken.reply ?? .null), ("lines", .array(taken.lines))]
        // Only a result whose waiting lines were cut says so.
        if taken.dropped > 0 { members.append(("dropped", .int(taken.dropped))) }
        let content = JSONValue.object(members)
        var text = taken.text
        while text.hasSuffix("\n") { text.removeLast() }
        var blocks: [JSONValue] = [.object([("type", .string("text")), ("text", .string(text))])]
        if !structured { blocks.append(.object([("type", .string("text")), ("text", .string(JSONWriter.string(content)))])) }
        var result: [(key: String, value: JSONValue)] = [("content", .array(blocks))]
        if structured { result.append(("structuredContent", content)) }
        result.append(("isError", .bool(taken.failed)))
        return .object(result)
    }

    /// Sends `notifications/progress` for the call running now once a second while it waits.
    private func reportProgress(_ token: JSONValue) -> Task<Void, Never> {
        Task { [weak self] in
            var seconds = 0
            while true {
                try? await Task.sleep(for: .seconds(1))
                guard !Task.isCancelled, let self else { return }
                seconds += 1
                let message = Messages.progress(waited: seconds, loading: self.session.loadingScreens)
                self.send(
                    .object([
                        ("jsonrpc", .string("2.0")), ("method", .string("notifications/progress")),
                        ("params", .object([("progressToken", token), ("progress", .int(seconds)), ("message", .string(message))])),
                    ]))
            }
        }
    }

    // MARK: Writing

    private func send(result: JSONValue, id: RequestID) {
        send(id: id, "result", result)
    }

    private func send(error: Failure, id: RequestID) {
        var body: [(key: String, value: JSONValue)] = [("code", .int(error.code)), ("message", .string(error.message))]
        if let data = error.data { body.append(("data", data)) }
        send(id: id, "error", .object(body))
    }

    /// Writes an answer: its id is written as the request's text, the rest as JSON values.
    private func send(id: RequestID, _ member: StaticString, _ value: JSONValue) {
        var bytes = Array(#"{"jsonrpc":"2.0","id":"#.utf8) + Array(id.text.utf8)
        bytes += Array(#",""#.utf8) + Array("\(member)".utf8) + Array(#"":"#.utf8)
        bytes += JSONWriter.bytes(value)
        bytes += Array("}".utf8)
        write(bytes)
    }

    /// Writes one message as one line.
    private func send(_ message: JSONValue) {
        write(JSONWriter.bytes(message))
    }

    /// Writes one message's bytes as one line. When it cannot be written nothing more can reach
    /// the client: the server stops at once, as the line protocol does, with status 141 when the
    /// client's end is gone and 4 (and a line on stderr) for any other error.
    private func write(_ message: [UInt8]) {
        var bytes = message
        bytes.append(UInt8(ascii: "\n"))
        let error = bytes.withUnsafeBytes { DescriptorWriter.write($0, to: output) }
        if error != 0 { exit(DescriptorWriter.failure(error).rawValue) }
    }
}
