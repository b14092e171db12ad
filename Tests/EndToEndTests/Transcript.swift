import Foundation
import TestSupport

/// A whole piped session through the built binary: all lines sent at once, input closed, every
/// output line read and parsed.
struct Transcript: ParsedLines {
    var lines: [[String: Any]]
    var status: Int32
    var standardError: String

    /// Runs vmrepl over `input` (joined with newlines) with `arguments`.
    static func run(
        _ input: [String], arguments: [String] = [], environment: [String: String] = [:], binary: URL = VMReplProcess.binaryURL
    ) async throws -> Transcript {
        let process = try VMReplProcess(arguments, environment: environment, binary: binary)
        process.send(input.joined(separator: "\n"))
        process.closeInput()
        let lines = try await process.rest()
        return Transcript(lines: lines, status: await process.exitStatus(), standardError: await process.wholeStandardError())
    }
}
