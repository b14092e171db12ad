import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces files whole: the new contents go to a temporary file in the same folder, which is then
/// renamed over the old one, so a reader (or a crash) sees the old file or the new, never a part.
enum AtomicFile {
    /// Replaces (or creates) `path` with `bytes`; the file gets `mode`, or keeps the one it had.
    /// - Returns: The error, worded for people, or `nil`.
    ///
    /// A link is written through: the file it names is replaced and the link stays, as an editor
    /// saving a linked file does.
    static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o644) -> String? {
        var path = path
        if let resolved = realpath(path, nil) {
            path = String(cString: resolved)
            free(resolved)
        }
        var status = stat()
        let keptMode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : mode
        let temporary = path + ".\(getpid()).vmrepl-tmp"
        // Exclusive: a file or a link already at the temporary name is never written through.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, keptMode)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        let written = OutputChannel.writeAll(bytes, to: fd)
        let synced = fsync(fd) == 0
        close(fd)
        guard written, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return reason
        }
        return nil
    }
}
