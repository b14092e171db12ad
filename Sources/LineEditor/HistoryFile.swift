import CLibEdit
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A history file shared by every session that uses it: each entered line is merged into what the
/// file holds now, under an exclusive lock, and the file is replaced atomically.
///
/// Two sessions typing at once both keep their lines (the file is never written from one
/// session's stale copy), a session killed with SIGKILL keeps every line it had entered, and a
/// crash mid-write leaves the old file or the new one, never a part of either.
struct HistoryFile {
    let path: String
    /// The most entries kept.
    let size: Int

    /// Adds `line` to the file; returns a problem worded for stderr, or `nil`.
    func append(_ line: String) -> String? {
        let lockPath = path + ".lock"
        let lock = open(lockPath, O_RDWR | O_CREAT, 0o600)
        guard lock >= 0 else { return "cannot lock \(lockPath)" }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { return "cannot lock \(lockPath)" }
        }
        defer { flock(lock, LOCK_UN) }

        // What the file holds now, other sessions' lines included, then this line, trimmed to size.
        guard let merged = history_init() else { return "cannot write \(path)" }
        defer { history_end(merged) }
        clibedit_history_set_size(merged, Int32(size))
        clibedit_history_set_unique(merged, 1)
        if FileManager.default.fileExists(atPath: path), clibedit_history_load(merged, path) < 0 {
            return "\(path) could not be read as a history file"
        }
        clibedit_history_enter(merged, line)

        // Created exclusively, never through a link planted at its name: a stale one (a crashed
        // session of the same pid, or a link someone put there) is removed, not followed.
        let temporary = path + ".\(getpid()).tmp"
        var created = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        if created < 0, errno == EEXIST, unlink(temporary) == 0 {
            created = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o600)
        }
        guard created >= 0 else { return "cannot write \(path)" }
        close(created)
        guard clibedit_history_save(merged, temporary) >= 0, chmod(temporary, 0o600) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "cannot write \(path)"
        }
        return nil
    }
}
