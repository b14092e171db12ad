import Foundation
import TestSupport
import Testing

/// Signals, a closed reader, and a long random session checked against a model of what must happen.
struct RobustnessTests {
    @Test(.timeLimit(.minutes(1)))
    func sigintCancelsWhatIsInFlightPrintsItAndExits130() async throws {
        let process = try VMReplProcess(["--clock=real"])
        _ = try await process.next()
        _ = try await process.request("use users", line: 1)
        // A fetch that never returns: the load is in flight however late the signal is acted on
        // (a slow machine, the thread sanitizer), not only for the 2 s a real fetch takes.
        _ = try await process.request("stub fetch hang", line: 2)
        _ = try await process.request("load", line: 3)
        process.send(signal: SIGINT)
        let rest = try await process.rest()
        #expect(rest.count == 1)
        #expect(rest.first?["push"] as? Bool == true)
        #expect(value(rest.first, "state.users.phase") as? String == "initial")
        #expect(await process.exitStatus() == 130)
    }

    @Test(.timeLimit(.minutes(1)))
    func sigtermEndsAfterTheLastWholeLine() async throws {
        let process = try VMReplProcess()
        _ = try await process.next()
        _ = try await process.request("use foo", line: 1)
        process.send(signal: SIGTERM)
        #expect(try await process.rest().isEmpty)
        #expect(await process.exitStatus() == 143)
        #expect(process.standardError.isEmpty)
    }

    /// A hang-up (the terminal closed, the parent gone) ends as SIGTERM does, with its own status.
    @Test(.timeLimit(.minutes(1)))
    func sighupEndsAfterTheLastWholeLineAsSIGTERMDoes() async throws {
        let process = try VMReplProcess()
        _ = try await process.next()
        _ = try await process.request("use users", line: 1)
        process.send("load")
        process.send(signal: SIGHUP)
        let rest = try await process.rest()
        #expect(rest.allSatisfy { $0["type"] != nil })
        #expect(await process.exitStatus() == 129)
        #expect(process.standardError.isEmpty)
    }

    /// `vmrepl --mcp | head -1` with requests that never end: the server stops when its client's end
    /// is gone, instead of serving into a closed pipe forever, with status 141 as SIGPIPE ends a
    /// shell tool.
    @Test(.timeLimit(.minutes(1)))
    func anMCPServerWhoseClientLeftStops() async throws {
        let script = #"""
            yes '{"jsonrpc":"2.0","id":1,"method":"ping"}' | "$0" --mcp 2>/dev/null | head -n 1 >/dev/null
            echo "status=${PIPESTATUS[1]}"
            """#
        let result = try Subprocess.run(["bash", "-c", script, VMReplProcess.binaryURL.path])
        #expect(result.output == "status=141\n")
    }

    /// `vmrepl | head -1`: status 141, nothing on stderr.
    @Test(.timeLimit(.minutes(1)))
    func readerGoingAwayEndsQuietlyWithStatus141() async throws {
        // `vmrepl | head -1`: the reader leaves after one line while requests keep coming.
        let script = #"""
            errors=$(mktemp)
            { echo "use foo"; yes "event hello" | head -n 200000; } | "$0" 2>"$errors" | head -n 1 >/dev/null
            echo "status=${PIPESTATUS[1]}"
            cat "$errors"; rm -f "$errors"
            """#
        let result = try Subprocess.run(["bash", "-c", script, VMReplProcess.binaryURL.path])
        #expect(result.output == "status=141\n")
    }
}
