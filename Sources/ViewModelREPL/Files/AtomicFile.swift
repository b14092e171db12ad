import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files whole: the new contents go to a temporary file in the same folder, which is then
/// renamed over the old one, so a reader (or a crash) sees the old file or the new, never a part.
///
/// Both names are taken relative to the folder's open descriptor (`openat`, `renameat`), so the
/// folder cannot be swapped for another between the write and the rename.
enum AtomicFile {
    /// Replaces (or creates) `path` with `bytes`; the file gets `mode`, or keeps the one it had.
    /// - Returns: The error, worded for people, or `nil`.
    ///
    /// A link is written through: the file it names is replaced and the link stays, as an editor
    /// saving a linked file does.
    static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) -> String? {
        // A device, a FIFO or a folder is never replaced by a file, nor what /dev/stdout or
        // /proc/self/fd/N lead to (this process's own output, a terminal, a pipe).
        if path.hasPrefix("/dev/") || path.hasPrefix("/proc/") { return Messages.notAFileToReplace }
        var path = path
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG { return Messages.notAFileToReplace }
        let name = (path as NSString).lastPathComponent
        var folderPath = (path as NSString).deletingLastPathComponent
        if folderPath.isEmpty { folderPath = "." }
        let folder = open(folderPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return String(cString: strerror(errno)) }
        defer { close(folder) }
        switch replace(name, in: folder, with: bytes, mode: mode) {
        case .success(let fd):
            close(fd)
            return nil
        case .failure(let error):
            return String(cString: strerror(error.code))
        }
    }

    /// An `errno` from a system call.
    struct SystemError: Error {
        var code: Int32
    }

    /// Replaces (or creates) `name` in the folder open as `folder` with `bytes`, without following
    /// a link at either name; the file gets `mode`, or keeps the one it had.
    /// - Returns: The new file, open for appending after `bytes`, or the error.
    static func replace(_ name: String, in folder: Int32, with bytes: [UInt8], mode: mode_t = 0o644) -> Result<Int32, SystemError> {
        var status = stat()
        let keptMode = fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status.st_mode & 0o7777 : mode
        // Beside the name, unless that would pass the longest name a folder holds (255 bytes):
        // then a short name of its own, so a name that is valid can always be written.
        let suffix = ".\(getpid()).vmrepl-tmp"
        let temporary = name.utf8.count + suffix.utf8.count <= 255 ? name + suffix : ".vmrepl-tmp" + suffix
        // Exclusive: a file or a link already at the temporary name is never written through.
        let fd = openat(folder, temporary, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, keptMode)
        guard fd >= 0 else { return .failure(SystemError(code: errno)) }
        let error = bytes.withUnsafeBytes { DescriptorWriter.write($0, to: fd) }
        let failure = error != 0 ? error : fsync(fd) != 0 || renameat(folder, temporary, folder, name) != 0 ? errno : 0
        guard failure == 0 else {
            close(fd)
            unlinkat(folder, temporary, 0)
            return .failure(SystemError(code: failure))
        }
        return .success(fd)
    }
}
