#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one folder a session may write files in, for clients that are not a person at a terminal
/// (`vmrepl --mcp`, where an agent names the paths): relative paths only, no `..`, no link
/// followed on the way, and only a regular file with no other name (or none yet) at the end.
///
/// Nothing is checked by name and then opened by name: each folder on the way is opened relative
/// to the one before (`openat` with `O_NOFOLLOW`), the file relative to the last, and what was
/// opened is checked after opening (`fstat`), so a folder swapped for a link, or a hard link to a
/// file elsewhere, never lets a write out.
package struct FileSandbox: Sendable, Equatable {
    /// The folder, as given (`--files=DIR`, or the working directory).
    package var root: String

    package init(root: String) {
        self.root = root
    }

    /// Opens `path` in the folder for appending a recording, as `mode` says: a new file (created
    /// exclusively), an existing one to append to, or a new one renamed over the old; a file it
    /// creates gets `header` first.
    /// - Returns: The file's descriptor, positioned at its end.
    /// - Throws: ``ReplError``: `pathNotAllowed` when `path` leads out of the folder, through a
    ///   link, or to something other than a regular file with one name; `fileExists`; `nameTooLong`;
    ///   `cannotRecord` with the system's reason (a missing folder, a full disk).
    func openForRecording(_ path: String, mode: RecordMode, header: [UInt8]) throws(ReplError) -> Int32 {
        let refused = ReplError(.pathNotAllowed(path: path, folder: root))
        var components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !path.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0.isEmpty }) else { throw refused }
        components.removeAll { $0 == "." }
        guard let name = components.popLast() else { throw refused }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure(errno, path) }
        defer { close(folder) }
        for component in components {
            let next = openat(folder, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { throw errno == ELOOP || errno == ENOTDIR ? refused : failure(errno, path) }
            close(folder)
            folder = next
        }
        // What is at the name now only picks the wording: the open below refuses a link itself.
        var status = stat()
        if fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
            guard status.st_mode & S_IFMT == S_IFREG else { throw refused }
            if mode == .create { throw ReplError(.fileExists(path: path)) }
        } else if errno != ENOENT {
            throw failure(errno, path)
        }
        let fd: Int32
        switch mode {
        case .overwrite:
            switch AtomicFile.replace(name, in: folder, with: header) {
            case .success(let opened): fd = opened
            case .failure(let error): throw failure(error.code, path)
            }
        case .append:
            // Without blocking: a FIFO nobody reads fails at once instead of holding the session.
            let opened = openat(folder, name, O_WRONLY | O_APPEND | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            if opened >= 0 {
                fd = opened
            } else if errno == ENOENT {
                fd = try create(name, in: folder, path: path, header: header)
            } else {
                throw errno == ELOOP || errno == ENXIO || errno == EISDIR ? refused : failure(errno, path)
            }
        case .create:
            fd = try create(name, in: folder, path: path, header: header)
        }
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            close(fd)
            throw refused
        }
        return fd
    }

    /// Creates `name` exclusively and writes `header`; a file whose header cannot be written is removed.
    private func create(_ name: String, in folder: Int32, path: String, header: [UInt8]) throws(ReplError) -> Int32 {
        let fd = openat(folder, name, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            if errno == EEXIST { throw ReplError(.fileExists(path: path)) }
            throw failure(errno, path)
        }
        let error = header.withUnsafeBytes { DescriptorWriter.write($0, to: fd) }
        guard error == 0 else {
            close(fd)
            unlinkat(folder, name, 0)
            throw failure(error, path)
        }
        return fd
    }

    /// The error for a system call that failed with `code` on the way to `path`.
    private func failure(_ code: Int32, _ path: String) -> ReplError {
        code == ENAMETOOLONG ? ReplError(.nameTooLong(path: path)) : ReplError(.cannotRecord(path: path, reason: String(cString: strerror(code))))
    }
}
