import Dispatch
import Foundation
import TestSupport

/// The built vmrepl binary, running over real pipes: requests go in on stdin, lines come out on stdout.
///
/// Every output line is parsed with Foundation's `JSONSerialization`, a parser independent of the
/// one vmrepl uses, so a malformed line fails the test that reads it.
final class VMReplProcess: @unchecked Sendable {
    /// Where `swift build` put the binary: next to the test bundle.
    static var binaryURL: URL {
        if let path = ProcessInfo.processInfo.environment["VMREPL_BINARY"] { return URL(fileURLWithPath: path) }
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("vmrepl").path), directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("vmrepl")
    }

    private let process = Process()
    private let stdin = Pipe()
    private let stdout = Pipe()
    private let stderr = Pipe()
    private let exited = DispatchGroup()
    /// Guards `lines`, `waiters`, `isAtEnd` and `errorText`.
    private let lock = NSLock()
    private var lines: [String] = []
    /// The next line of `lines` to hand out; read lines are dropped in batches, not one by one.
    private var readIndex = 0
    private var isAtEnd = false
    private var waiters: [(id: Int, continuation: CheckedContinuation<String?, Never>)] = []
    private var nextWaiterID = 0
    private var errorText = Data()
    /// Callers waiting for stderr to hold a text, or to end.
    /// Callers waiting for stderr to hold a text (`nil`: only for its end), or to end.
    private var errorWaiters: [(text: String?, continuation: CheckedContinuation<Bool, Never>)] = []
    private var isErrorAtEnd = false

    /// Starts vmrepl with `arguments` and waits for nothing; read the `ready` line with ``next()``.
    init(_ arguments: [String] = [], environment: [String: String] = [:], binary: URL = binaryURL) throws {
        // A line written after vmrepl has ended (a test of how it ends) is an error to the writer,
        // never a SIGPIPE that ends the whole test runner.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = binary
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        process.environment = env
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        exited.enter()
        process.terminationHandler = { [exited] _ in exited.leave() }
        // Started while no Subprocess is between making its pipe and closing it on exec.
        try Subprocess.spawning.withLock { try process.run() }
        startReading()
    }

    private func startReading() {
        let out = stdout.fileHandleForReading
        Thread { [self] in
            var pending = Data()
            while true {
                let chunk = out.availableData
                if chunk.isEmpty { break }
                // Only the new bytes are searched: a line of megabytes comes in many chunks.
                var searchFrom = pending.endIndex
                pending.append(chunk)
                while let newline = pending[searchFrom...].firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    pending.removeSubrange(pending.startIndex...newline)
                    searchFrom = pending.startIndex
                    deliver(line)
                }
            }
            if !pending.isEmpty { deliver(String(decoding: pending, as: UTF8.self)) }
            deliver(nil)
        }.start()
        let err = stderr.fileHandleForReading
        Thread { [self] in
            while true {
                let chunk = err.availableData
                let ready = lock.withLock {
                    if chunk.isEmpty { isErrorAtEnd = true } else { errorText.append(chunk) }
                    let text = String(decoding: errorText, as: UTF8.self)
                    let holds = { (waited: String?) in waited.map { text.contains($0) } ?? false }
                    let ready = errorWaiters.filter { isErrorAtEnd || holds($0.text) }
                    errorWaiters.removeAll { isErrorAtEnd || holds($0.text) }
                    return ready.map { ($0.continuation, holds($0.text)) }
                }
                for (continuation, found) in ready { continuation.resume(returning: found) }
                if chunk.isEmpty { break }
            }
        }.start()
    }

    private func deliver(_ line: String?) {
        let waiter: CheckedContinuation<String?, Never>? = lock.withLock {
            if let line {
                if !waiters.isEmpty { return waiters.removeFirst().continuation }
                lines.append(line)
                return nil
            }
            isAtEnd = true
            return nil
        }
        if let waiter { waiter.resume(returning: line) }
        if line == nil {
            let all = lock.withLock {
                let all = waiters
                waiters.removeAll()
                return all
            }
            for waiter in all { waiter.continuation.resume(returning: nil) }
        }
    }

    /// Writes `text` (a newline is added) to vmrepl's stdin.
    func send(_ text: String) {
        stdin.fileHandleForWriting.write(Data((text + "\n").utf8))
    }

    /// Writes raw bytes to vmrepl's stdin.
    func sendBytes(_ bytes: [UInt8]) {
        stdin.fileHandleForWriting.write(Data(bytes))
    }

    /// Closes vmrepl's stdin: end of input.
    func closeInput() {
        try? stdin.fileHandleForWriting.close()
    }

    /// The next output line as text, or `nil` at end of output or when the waiting task is
    /// cancelled (a test's time limit ends it so: the test fails, it does not hang).
    func nextLine() async -> String? {
        let id = lock.withLock {
            nextWaiterID += 1
            return nextWaiterID
        }
        return await withTaskCancellationHandler {
            await waitForLine(id: id)
        } onCancel: {
            let waiter = lock.withLock {
                let index = waiters.firstIndex { $0.id == id }
                return index.map { waiters.remove(at: $0).continuation }
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Waits for the next line as waiter `id`.
    private func waitForLine(id: Int) async -> String? {
        await withCheckedContinuation { continuation in
            let ready: String?? = lock.withLock {
                if Task.isCancelled { return .some(nil) }
                if readIndex < lines.count {
                    defer {
                        readIndex += 1
                        if readIndex > 4096 {
                            lines.removeFirst(readIndex)
                            readIndex = 0
                        }
                    }
                    return .some(lines[readIndex])
                }
                if isAtEnd { return .some(nil) }
                waiters.append((id, continuation))
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// The next output line, parsed; fails the caller's test when it is not one JSON object.
    func next() async throws -> [String: Any] {
        guard let line = await nextLine() else {
            let why = Task.isCancelled ? "no line came before the test's time limit" : "output ended early"
            throw ProtocolViolation("\(why); stderr: \(standardError)")
        }
        return try Self.parse(line)
    }

    /// Sends `request` and returns lines up to and including its reply (the first line of that line
    /// number without `push`).
    func request(_ text: String, line: Int) async throws -> (reply: [String: Any], before: [[String: Any]]) {
        send(text)
        var before: [[String: Any]] = []
        while true {
            let object = try await next()
            if object["line"] as? Int == line, object["push"] == nil { return (object, before) }
            before.append(object)
        }
    }

    /// Every remaining line, parsed, once the input is closed.
    func rest() async throws -> [[String: Any]] {
        var objects: [[String: Any]] = []
        while let line = await nextLine() { objects.append(try Self.parse(line)) }
        return objects
    }

    /// Waits for vmrepl to exit and returns its status.
    func exitStatus() async -> Int32 {
        await withCheckedContinuation { continuation in
            exited.notify(queue: .global()) { continuation.resume() }
        }
        return process.terminationStatus
    }

    /// Waits until vmrepl's stderr holds `text`; `false` when it ended without it.
    func standardError(containing text: String) async -> Bool {
        await withCheckedContinuation { continuation in
            let ready: Bool? = lock.withLock {
                if String(decoding: errorText, as: UTF8.self).contains(text) { return true }
                if isErrorAtEnd { return false }
                errorWaiters.append((text, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Everything vmrepl wrote to stderr, once it ended (vmrepl and whatever it started closed it).
    func wholeStandardError() async -> String {
        _ = await withCheckedContinuation { continuation in
            let ended = lock.withLock {
                if isErrorAtEnd { return true }
                errorWaiters.append((nil, continuation))
                return false
            }
            if ended { continuation.resume(returning: false) }
        }
        return standardError
    }

    /// What vmrepl wrote to stderr so far.
    var standardError: String { lock.withLock { String(decoding: errorText, as: UTF8.self) } }

    /// Parses one output line with JSONSerialization.
    static func parse(_ line: String) throws -> [String: Any] {
        try parseLine(line)
    }

    /// vmrepl's process id.
    var processIdentifier: Int32 { process.processIdentifier }

    /// Whether vmrepl ended by calling exit (not killed by a signal).
    var exitedNormally: Bool { process.terminationReason == .exit }

    /// Sends `signal` to vmrepl.
    func send(signal: Int32) {
        Foundation.kill(process.processIdentifier, signal)
    }

    func kill() {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
    }

    deinit { kill() }
}
