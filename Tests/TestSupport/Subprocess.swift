import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a short command to completion with posix_spawn and waitpid.
///
/// Foundation's `Process` leaves children unreaped when several run at once from the test
/// runner's threads; a blocking `waitpid` on the one child is plain and reliable.
public enum Subprocess {
    /// Serialises spawning, so no child inherits another's pipe: every process the tests start
    /// (``VMReplProcess`` too) is started holding it.
    public static let spawning = NSLock()

    /// Runs `arguments` (looked up on PATH) and returns its exit status and, when `capture`, its stdout.
    public static func run(_ arguments: [String], capture: Bool = true) throws -> (status: Int32, output: String) {
        try run(bytes: arguments.map { Array($0.utf8) }, capturing: capture ? 1 : nil)
    }

    /// Runs `arguments`, each given as bytes (which need not be UTF-8), and returns its exit status
    /// and what it wrote to the descriptor `capturing` (1 or 2), if any.
    public static func run(bytes arguments: [[UInt8]], capturing descriptor: Int32?) throws -> (status: Int32, output: String) {
        let (pid, outputFD) = try spawning.withLock { try spawn(arguments, capturing: descriptor) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(outputFD, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            output.append(contentsOf: buffer[0..<count])
        }
        close(outputFD)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return (exitStatus, String(decoding: output, as: UTF8.self))
    }

    /// Starts the child; returns its pid and the read end of its stdout (at end of file at once
    /// when not capturing).
    private static func spawn(_ arguments: [[UInt8]], capturing descriptor: Int32?) throws -> (pid_t, Int32) {
        var fds: [Int32] = [0, 0]
        // Close-on-exec from the start: a vmrepl another test spawns at the same moment (Foundation's
        // Process keeps what is open) would otherwise hold the write end, the read below would never
        // see its end, and the runner's threads, blocked here, could never feed that vmrepl: a hang.
        guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for output: Int32 in [1, 2] {
            if output == descriptor {
                posix_spawn_file_actions_adddup2(&actions, fds[1], output)
            } else {
                posix_spawn_file_actions_addopen(&actions, output, "/dev/null", O_WRONLY, 0)
            }
        }
        // The child keeps nothing else: a tmux server it starts would otherwise hold other tests' pipes open.
        for fd in Int32(3)..<1024 where fcntl(fd, F_GETFD) >= 0 {
            posix_spawn_file_actions_addclose(&actions, fd)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked, whatever the runner's thread blocks.
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] =
            arguments.map { bytes in
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { copy[index] = CChar(bitPattern: byte) }
                copy[bytes.count] = 0
                return copy
            } + [nil]
        defer { for pointer in argv { pointer?.deallocate() } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, argv[0]!, &actions, &attributes, &argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw CocoaError(.executableNotLoadable)
        }
        return (pid, fds[0])
    }
}
