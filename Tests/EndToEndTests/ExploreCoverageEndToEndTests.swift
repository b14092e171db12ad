import Foundation
import Testing

/// `vmrepl explore --coverage` through the built binary: the coverage line after the result, the dot file.
struct ExploreCoverageEndToEndTests {
    private func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-coverage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test(.timeLimit(.minutes(1)))
    func usersCoverageIsALineAfterTheResultAndAGraph() async throws {
        let folder = try folder()
        let setup = folder.appendingPathComponent("users.vmrepl")
        try "use users\ninvariant users.attempt exists\n".write(to: setup, atomically: true, encoding: .utf8)
        let graph = folder.appendingPathComponent("users.dot")
        let result = try await Transcript.run([], arguments: ["explore", "--runs=20", "--coverage=\(graph.path)", setup.path])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.lines.map { $0["type"] as? String } == ["explored", "coverage"])
        let coverage = try #require(result.lines.last)
        #expect(coverage["seq"] as? Int == 1)
        let tapped = (coverage["events"] as? [String: [String: Int]])?["loadTapped"]
        #expect(tapped?["sent"] ?? 0 > 0)
        let paths = try #require(coverage["paths"] as? [[String: Any]])
        #expect(paths.first?["path"] as? String == "users.phase")
        #expect(paths.first?["unreached"] as? [String] == [])
        let phases = (coverage["states"] as? [[String: Any]] ?? []).compactMap { ($0["state"] as? [String: Any])?["users.phase"] as? String }
        #expect(Set(phases) == ["initial", "loading", "loaded", "failed"])
        let started = (coverage["transitions"] as? [[String: Any]] ?? []).contains {
            ($0["from"] as? [String: String]) == ["users.phase": "initial"] && $0["event"] as? String == "loadTapped"
                && ($0["to"] as? [String: String]) == ["users.phase": "loading"]
        }
        #expect(started)
        #expect(coverage["graph"] as? String == graph.path)
        #expect(try String(contentsOf: graph, encoding: .utf8).contains("-> s"))

        // --abstract keys the states by the paths named, and a path that is no path is a usage error.
        let keyed = try await Transcript.run([], arguments: ["explore", "--runs=5", "--abstract=users.attempt", setup.path])
        let states = (keyed.lines.last?["states"] as? [[String: Any]] ?? []).compactMap { $0["state"] as? [String: Int] }
        #expect(states.contains(["users.attempt": 0]) && states.contains(["users.attempt": 1]), "\(states)")
        let refused = try await Transcript.run([], arguments: ["explore", "--abstract=users..phase", setup.path])
        #expect(refused.status == 2)
        #expect(refused.standardError.contains("'users..phase' is not a path"), "\(refused.standardError)")
    }
}
