import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the commands of a session to a file as a script that `vmrepl run` replays.
///
/// Each command is appended as it is handled, so a session that is killed keeps what it recorded.
/// An existing file is never truncated: it is an error unless the user asked to replace it (then a
/// new file is renamed over it) or to append to it. Only a regular file is recorded to (never a
/// FIFO or a device, which could block the session), a new one is created exclusively (never
/// through a planted link), and a path with a control character is refused: a newline in it would
/// split the header into a live command. A write that fails (a full disk) ends the recording, and
/// the file keeps only whole lines.
final class ScriptRecorder {
    let path: String
    private var fd: Int32
    /// Where the file ends after the last whole line.
    private var end: off_t
    private(set) var count = 0

    /// Opens `path` as `mode` says — in `sandbox`, when files may be written only there — and,
    /// for a new script, writes its first lines; then `setup`, the commands that bring a replay to
    /// where the session is now (a recording started after `use`), under a comment saying so.
    init(path: String, sandbox: FileSandbox? = nil, mode: RecordMode, setup: [String] = []) throws(ReplError) {
        guard !path.isEmpty, !path.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ReplError(.pathHasControlCharacter(path: path))
        }
        self.path = path
        let header = Array(
            [
                "#!/usr/bin/env -S vmrepl run",
                "# recorded by vmrepl; replay with: vmrepl run \((path as NSString).lastPathComponent)",
            ].map { $0 + "\n" }.joined().utf8)
        if let sandbox {
            fd = try sandbox.openForRecording(path, mode: mode, header: header)
        } else {
            fd = try Self.open(path, mode: mode, header: header)
        }
        var status = stat()
        guard fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            closeDescriptor(fd)
            throw ReplError(.notARegularFile(path: path))
        }
        end = lseek(fd, 0, SEEK_END)
        // An empty file appended to gets the header too.
        if end == 0 {
            let error = header.withUnsafeBytes { DescriptorWriter.write($0, to: fd) }
            guard error == 0 else {
                _ = ftruncate(fd, 0)
                closeDescriptor(fd)
                throw ReplError(.cannotRecord(path: path, reason: String(cString: strerror(error))))
            }
            end = off_t(header.count)
        }
        if !setup.isEmpty {
            let setupLines = Array(([Messages.recordingSetup] + setup).map { $0 + "\n" }.joined().utf8)
            guard write(setupLines) else { throw ReplError(.cannotRecord(path: path, reason: String(cString: strerror(errno)))) }
        }
    }

    /// Opens `path` by name, anywhere (a person's or a script's own path), as `mode` says; a file
    /// it creates gets `header` first.
    private static func open(_ path: String, mode: RecordMode, header: [UInt8]) throws(ReplError) -> Int32 {
        var fd: Int32
        switch mode {
        case .create:
            fd = try create(path, header: header)
        case .overwrite:
            guard isRegularOrMissing(path) else { throw ReplError(.notARegularFile(path: path)) }
            if let problem = AtomicFile.replace(path, with: header) { throw ReplError(.cannotRecord(path: path, reason: problem)) }
            fd = openFile(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
        case .append:
            // Without blocking: a FIFO nobody reads fails at once instead of holding the session.
            fd = openFile(path, O_WRONLY | O_APPEND | O_NONBLOCK | O_CLOEXEC)
            if fd < 0, errno == ENOENT { fd = try create(path, header: header) }
        }
        guard fd >= 0 else {
            if errno == ENXIO { throw ReplError(.notARegularFile(path: path)) }
            throw failure(errno, path)
        }
        return fd
    }

    /// Creates `path` exclusively (never through a planted link) and writes `header`; a file whose
    /// header cannot be written is removed.
    private static func create(_ path: String, header: [UInt8]) throws(ReplError) -> Int32 {
        let fd = openFile(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw ReplError(.fileExists(path: path)) }
            throw failure(errno, path)
        }
        let error = header.withUnsafeBytes { DescriptorWriter.write($0, to: fd) }
        guard error == 0 else {
            closeDescriptor(fd)
            unlink(path)
            throw failure(error, path)
        }
        return fd
    }

    /// The error for a system call on `path` that failed with `code`.
    private static func failure(_ code: Int32, _ path: String) -> ReplError {
        code == ENAMETOOLONG ? ReplError(.nameTooLong(path: path)) : ReplError(.cannotRecord(path: path, reason: String(cString: strerror(code))))
    }

    deinit {
        close()
    }

    /// Whether `path` is a regular file or nothing yet.
    private static func isRegularOrMissing(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return errno == ENOENT }
        return (status.st_mode & S_IFMT) == S_IFREG
    }

    /// Appends one command line; `false` when it could not be written (the recording has ended).
    @discardableResult
    func record(_ line: String) -> Bool {
        guard write(Array((line + "\n").utf8)) else { return false }
        count += 1
        return true
    }

    /// Appends a line that replays as a comment; `false` when it could not be written.
    @discardableResult
    func comment(_ text: String) -> Bool {
        write(Array(("# " + text + "\n").utf8))
    }

    func close() {
        guard fd >= 0 else { return }
        closeDescriptor(fd)
        fd = -1
    }

    /// Writes whole lines or nothing: a short write is cut back to the last whole line.
    private func write(_ bytes: [UInt8]) -> Bool {
        guard fd >= 0 else { return false }
        guard DescriptorWriter.writeAll(bytes, to: fd) else {
            _ = ftruncate(fd, end)
            close()
            return false
        }
        end += off_t(bytes.count)
        return true
    }
}

/// Opens a file (the recorder's own `open` hides the system's).
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t = 0) -> Int32 {
    open(path, flags, mode)
}

/// Closes a file descriptor (the recorder's own `close()` hides the system's).
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
