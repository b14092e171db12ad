import Foundation

/// The system's `read(2)`, by a name ``ScriptFile/read(_:)`` does not hide.
private func readBytes(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(fd, buffer, count)
}

/// Reads a script or transcript file (or stdin for `-`), refusing what cannot be a script.
enum ScriptFile {
    /// The largest script read, so a wrong argument (a disk image, /dev/zero) fails at once.
    static let maximumSize = 16 << 20

    /// The file's bytes.
    /// - Throws: A message naming the file and what is wrong with it.
    static func read(_ path: String) throws(ScriptFileError) -> [UInt8] {
        if path == "-" {
            var bytes: [UInt8] = []
            while let chunk = try? FileHandle.standardInput.read(upToCount: 1 << 16), !chunk.isEmpty {
                bytes.append(contentsOf: chunk)
                if bytes.count > maximumSize { throw ScriptFileError(path: "-", reason: Messages.scriptTooLarge(maximumSize)) }
            }
            return bytes
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ScriptFileError(path: path, reason: Messages.noSuchFile)
        }
        guard !isDirectory.boolValue else { throw ScriptFileError(path: path, reason: Messages.isADirectory) }
        // Opened without blocking: a FIFO nobody writes to would hold open() forever, out of reach of
        // signals; opened, it reads as what is written to it (nothing, when no one ever does).
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ScriptFileError(path: path, reason: Messages.unreadable) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        guard let data = try? handle.read(upToCount: maximumSize + 1) else { throw ScriptFileError(path: path, reason: Messages.unreadable) }
        guard data.count <= maximumSize else { throw ScriptFileError(path: path, reason: Messages.scriptTooLarge(maximumSize)) }
        return Array(data)
    }

    /// Reads the file (or stdin for `-`) a chunk at a time, however large, handing `body` each line
    /// without its newline; a line longer than `maximumLine` bytes is not handed over, only counted.
    /// - Returns: How many lines were too long.
    /// - Throws: A message naming the file and what is wrong with it.
    static func forEachLine(_ path: String, maximumLine: Int, _ body: (String) -> Void) throws(ScriptFileError) -> Int {
        let fd: Int32
        if path == "-" {
            fd = STDIN_FILENO
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ScriptFileError(path: path, reason: Messages.noSuchFile)
            }
            guard !isDirectory.boolValue else { throw ScriptFileError(path: path, reason: Messages.isADirectory) }
            // Opened without blocking, as a script is: a FIFO nobody writes to cannot hold open().
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { throw ScriptFileError(path: path, reason: Messages.unreadable) }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        defer { if fd != STDIN_FILENO { close(fd) } }
        var pending: [UInt8] = []
        var skipping = false
        var tooLong = 0
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        func deliver(_ bytes: ArraySlice<UInt8>) {
            var line = bytes
            if line.last == 0x0D { line = line.dropLast() }
            body(String(decoding: line, as: UTF8.self))
        }
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw ScriptFileError(path: path, reason: Messages.unreadable) }
            if count == 0 { break }
            var start = 0
            while let newline = chunk[start..<count].firstIndex(of: 0x0A) {
                if skipping {
                    skipping = false
                } else if pending.isEmpty {
                    if newline - start <= maximumLine { deliver(chunk[start..<newline]) } else { tooLong += 1 }
                } else {
                    pending.append(contentsOf: chunk[start..<newline])
                    if pending.count <= maximumLine { deliver(pending[...]) } else { tooLong += 1 }
                    pending.removeAll(keepingCapacity: true)
                }
                start = newline + 1
            }
            guard !skipping else { continue }
            pending.append(contentsOf: chunk[start..<count])
            if pending.count > maximumLine {
                tooLong += 1
                skipping = true
                pending = []
            }
        }
        if !pending.isEmpty, !skipping { deliver(pending[...]) }
        return tooLong
    }

    /// The file's lines, checked as input lines are (UTF-8, no control characters).
    static func lines(_ bytes: [UInt8]) -> [InputLine] {
        var splitter = LineSplitter()
        var lines: [InputLine] = []
        bytes.withUnsafeBytes { splitter.feed($0, into: &lines) }
        splitter.finish(into: &lines)
        return lines
    }
}

/// A script file that could not be read.
struct ScriptFileError: Error, Sendable {
    var path: String
    var reason: String
}
