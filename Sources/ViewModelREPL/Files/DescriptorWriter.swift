import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes bytes to a file descriptor whole: short writes retried, the error of a failed one kept.
enum DescriptorWriter {
    /// Writes all of `bytes` to `fd`, retrying short writes; `false` when the reader is gone.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: fd) }
    }

    /// Writes all of `buffer` to `fd`, retrying short writes; `false` when the reader is gone.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        write(buffer, to: fd) == 0
    }

    /// Writes all of `buffer` to `fd`, retrying short writes.
    /// - Returns: 0, or the `errno` of the write that failed (`EPIPE` when the reader is gone).
    static func write(_ buffer: UnsafeRawBufferPointer, to fd: Int32) -> Int32 {
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return errno
            }
            // A write that takes nothing is a device that holds no more; it would never end.
            if written == 0 { return ENOSPC }
            offset += written
        }
        return 0
    }

    /// The status for output that failed with `error`, reported on stderr unless the reader just
    /// left (a shell tool killed by SIGPIPE says nothing either).
    static func failure(_ error: Int32) -> ExitStatus {
        let status = ExitStatus.forWriteError(error)
        if status != .brokenPipe { _ = writeAll(Array((Messages.outputFailed(reason: String(cString: strerror(error))) + "\n").utf8), to: STDERR_FILENO) }
        return status
    }
}
