import Foundation
import Testing

@testable import LineEditor

/// The history file is replaced through a temporary file of its own, never through a link planted
/// at the temporary file's name.
struct HistoryFileTests {
    @Test func aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let history = folder.appendingPathComponent("history").path
        let victim = folder.appendingPathComponent("victim").path
        try "precious\n".write(toFile: victim, atomically: true, encoding: .utf8)
        #expect(chmod(victim, 0o644) == 0)
        #expect(symlink(victim, history + ".\(getpid()).tmp") == 0)

        #expect(HistoryFile(path: history, size: 10).append("use foo") == nil)

        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        var status = stat()
        #expect(stat(victim, &status) == 0 && status.st_mode & 0o777 == 0o644)
        // libedit writes its own encoding of the line (a space as \\040).
        #expect(try String(contentsOfFile: history, encoding: .utf8).contains("use"))
    }
}
