import Dispatch
import Foundation

/// A real HTTP server on 127.0.0.1 (python3's http.server) serving the files of a temporary folder.
public final class LocalHTTPServer: Sendable {
    public let port: Int
    private let directory: URL
    private let process: Process
    private let exited: DispatchGroup

    private init(port: Int, directory: URL, process: Process, exited: DispatchGroup) {
        self.port = port
        self.directory = directory
        self.process = process
        self.exited = exited
    }

    /// Serves `files` (name → body) for the length of `body`, then stops the server.
    public static func serving<T>(_ files: [String: String], _ body: (LocalHTTPServer) async throws -> T) async throws -> T {
        let server = try await start(files)
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    /// Starts a server on a free port the system picks and waits until it listens.
    public static func start(_ files: [String: String]) async throws -> LocalHTTPServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-http-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, body) in files {
            try Data(body.utf8).write(to: directory.appendingPathComponent(name))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = DispatchGroup()
        exited.enter()
        process.terminationHandler = { _ in exited.leave() }
        try Subprocess.spawning.withLock { try process.run() }
        // The server prints "Serving HTTP on 127.0.0.1 port N (…)" once it listens; read it off the
        // cooperative pool, since the read blocks.
        let banner = await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var banner = Data()
                while !banner.contains(UInt8(ascii: "\n")) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    banner.append(chunk)
                }
                continuation.resume(returning: String(decoding: banner, as: UTF8.self))
            }
        }
        let words = banner.split(separator: " ")
        guard let index = words.firstIndex(of: "port"), index + 1 < words.count, let port = Int(words[index + 1]) else {
            kill(process.processIdentifier, SIGKILL)
            throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "http.server said: \(banner)"])
        }
        return LocalHTTPServer(port: port, directory: directory, process: process, exited: exited)
    }

    public func url(_ path: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(path)")! }

    /// Stops the server and waits until its process has exited, so its port is closed.
    public func stop() async {
        // SIGKILL, since the test runner's threads may hand the child a mask that blocks SIGTERM.
        kill(process.processIdentifier, SIGKILL)
        await withCheckedContinuation { continuation in
            exited.notify(queue: .global()) { continuation.resume() }
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
