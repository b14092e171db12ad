import Foundation

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
