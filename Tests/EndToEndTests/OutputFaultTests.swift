import Foundation
import TestSupport
import Testing

/// Output that cannot be written, through the built binary and a shell: a reader that leaves ends
/// vmrepl with status 141 as SIGPIPE ends a shell tool, any other write error with status 4 and a
/// line on stderr; never status 0.
struct OutputFaultTests {
    /// Whether this system has a device that is always full (Linux has, macOS has not).
    static let hasFullDevice = FileManager.default.fileExists(atPath: "/dev/full")

    /// Runs `script` in bash with `$0` the vmrepl binary and `$1` a scratch folder; returns its stdout.
    private func shell(_ script: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-faults-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try Subprocess.run(["bash", "-c", script, VMReplProcess.binaryURL.path, folder]).output
    }

    /// `vmrepl run f.vmrepl > /dev/full` with an `expect` that fails: the output is the error.
    @Test(.timeLimit(.minutes(1)), .enabled(if: hasFullDevice, "needs /dev/full"))
    func aScriptWritingToAFullDeviceFailsWithStatus4() throws {
        let output = try shell(
            #"""
            printf 'use foo\nexpect text == "nope"\n' > "$1/f.vmrepl"
            "$0" run "$1/f.vmrepl" > /dev/full 2>"$1/err"
            echo "status=$?"
            cat "$1/err"
            """#)
        #expect(output == "status=4\nvmrepl: cannot write the output: No space left on device; stopped\n")
    }

    /// Pipe mode into a full disk: status 4 and why, not a cut line reported as success.
    @Test(.timeLimit(.minutes(1)), .enabled(if: hasFullDevice, "needs /dev/full"))
    func pipeModeWritingToAFullDeviceFailsWithStatus4() throws {
        let output = try shell(
            #"""
            printf 'use foo\nevent hello\n' | "$0" > /dev/full 2>"$1/err"
            echo "status=$?"
            cat "$1/err"
            """#)
        #expect(output == "status=4\nvmrepl: cannot write the output: No space left on device; stopped\n")
    }

    /// `vmrepl run g.vmrepl | head -1`: the script stops where its reader left, with status 141,
    /// never 0 without running its last `expect`.
    @Test(.timeLimit(.minutes(1)))
    func aScriptWhoseReaderLeftEndsWithStatus141() throws {
        let output = try shell(
            #"""
            { echo "use foo"; yes "state" | head -n 100000; echo 'expect text == "nope"'; } > "$1/g.vmrepl"
            "$0" run "$1/g.vmrepl" 2>"$1/err" | head -n 1 >/dev/null
            echo "status=${PIPESTATUS[0]}"
            cat "$1/err"
            """#)
        #expect(output == "status=141\n")
    }

    /// `vmrepl --mcp > /dev/full`: the server stops with status 4 and why.
    @Test(.timeLimit(.minutes(1)), .enabled(if: hasFullDevice, "needs /dev/full"))
    func anMCPServerWritingToAFullDeviceFailsWithStatus4() throws {
        let output = try shell(
            #"""
            echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | "$0" --mcp > /dev/full 2>"$1/err"
            echo "status=$?"
            cat "$1/err"
            """#)
        #expect(output == "status=4\nvmrepl: cannot write the output: No space left on device; stopped\n")
    }

    /// `vmrepl --help > /dev/full`: the help that could not be printed is no success either.
    @Test(.timeLimit(.minutes(1)), .enabled(if: hasFullDevice, "needs /dev/full"))
    func helpWrittenToAFullDeviceFailsWithStatus4() throws {
        let output = try shell(
            #"""
            "$0" --help > /dev/full 2>"$1/err"
            echo "status=$?"
            cat "$1/err"
            """#)
        #expect(output == "status=4\nvmrepl: cannot write the output: No space left on device; stopped\n")
    }

    /// A recording that cannot be written (here a file size limit of 0, set once vmrepl runs, as
    /// a full disk refuses) says why in the system's words, and leaves no file behind.
    @Test(
        .timeLimit(.minutes(1)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit"), "needs prlimit"),
        arguments: ["", " overwrite=true", " append=true"])
    func aRecordingThatCannotBeWrittenSaysWhy(mode: String) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-faults-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let process = try VMReplProcess(["--files=\(folder)"])
        _ = try await process.next()
        let limited = try Subprocess.run(["/usr/bin/prlimit", "--pid", "\(process.processIdentifier)", "--fsize=0:0"], capture: false)
        #expect(limited.status == 0)
        let (reply, _) = try await process.request("record x.vmrepl\(mode)", line: 1)
        #expect(reply["message"] as? String == "cannot record to x.vmrepl: File too large; nothing changed")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }
}
