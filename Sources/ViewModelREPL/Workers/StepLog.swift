import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The step lines of the trial a worker is running, as its progress lines name them, kept so the
/// steps are known when the worker traps or hangs: the last 64 KiB in memory, the rest in an
/// unnamed temporary file, so a run of a million steps does not hold them all in memory.
final class StepLog {
    private static let memoryLimit = 64 * 1024
    private var buffer: [UInt8] = []
    /// The file the older lines went to; -1 before any did.
    private var file: Int32 = -1
    /// Whether lines were lost because the file could not be written (a full disk).
    private(set) var incomplete = false
    /// How many lines there are.
    private(set) var count = 0

    deinit {
        if file >= 0 { close(file) }
    }

    /// Forgets every line: a new trial starts.
    func reset() {
        buffer.removeAll(keepingCapacity: true)
        if file >= 0 { _ = ftruncate(file, 0) }
        count = 0
        incomplete = false
    }

    /// Adds a step's line.
    func append<Line: StringProtocol>(_ line: Line) {
        buffer += line.utf8
        buffer.append(UInt8(ascii: "\n"))
        count += 1
        if buffer.count >= Self.memoryLimit { spill() }
    }

    /// Every line, oldest first.
    func lines() -> [String] {
        var bytes: [UInt8] = []
        if file >= 0, lseek(file, 0, SEEK_SET) == 0 {
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let got = read(file, &chunk, chunk.count)
                if got <= 0 { break }
                bytes += chunk[..<got]
            }
        }
        bytes += buffer
        return bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// Moves the lines in memory to the end of the file, made (and unlinked at once) when first needed.
    private func spill() {
        if file < 0 {
            var template = Array((NSTemporaryDirectory() + "/vmrepl-steps-XXXXXX").utf8CString)
            file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard file >= 0 else {
                incomplete = true
                buffer.removeAll(keepingCapacity: true)
                return
            }
            _ = fcntl(file, F_SETFD, FD_CLOEXEC)
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        }
        _ = lseek(file, 0, SEEK_END)
        if !DescriptorWriter.writeAll(buffer, to: file) { incomplete = true }
        buffer.removeAll(keepingCapacity: true)
    }
}
