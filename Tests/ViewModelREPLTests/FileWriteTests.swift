import ExampleScreens
import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

/// Files vmrepl writes are never truncated in place: an existing one is kept unless the user
/// asked otherwise, and replaced whole (temporary file, then rename) when it is replaced.
struct FileWriteTests {
    private func temporaryFile(_ contents: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-\(UUID().uuidString).vmrepl").path
        try contents.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func inode(_ path: String) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int
    }

    @Test func recordingOverAFileThatExistsIsRefusedAndLeavesIt() async throws {
        let path = try temporaryFile("notes\n")
        let transcript = try await SessionTranscript.run(["record \(path)", "use foo", "record stop"])
        #expect(transcript.reply(1)?["code"] as? String == "file_exists")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "notes\n")
    }

    @Test func overwriteReplacesTheFileWhole() async throws {
        let path = try temporaryFile("notes\n")
        let before = try inode(path)
        let transcript = try await SessionTranscript.run(["record \(path) overwrite=true", "use foo", "record stop"])
        #expect(transcript.reply(1)?["type"] as? String == "ok")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("#!/usr/bin/env -S vmrepl run\n"))
        #expect(text.hasSuffix("\nuse foo\n"))
        #expect(!text.contains("notes"))
        #expect(try inode(path) != before)
    }

    /// A name as long as a folder holds (250 bytes here) is replaced whole too: the temporary
    /// file beside it takes a short name of its own rather than one past the limit.
    @Test func aNameAsLongAsTheFolderHoldsIsReplaced() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vmrepl-long-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for length in [250, 255] {
            let path = folder + "/" + String(repeating: "n", count: length - 5) + ".html"
            #expect(AtomicFile.replace(path, with: Array("first\n".utf8)) == nil)
            #expect(AtomicFile.replace(path, with: Array("second\n".utf8)) == nil)
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "second\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
    }

    @Test func appendContinuesARecording() async throws {
        let path = try temporaryFile("use foo\n")
        _ = try await SessionTranscript.run([#"{"cmd":"record","path":"\#(path)","append":true}"#, "use users", "record stop"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "use foo\nuse users\n")
    }

    /// A recording started after `use` begins with what recreates the session's screens (their
    /// stubs, invariants, mocked state), so the script replays as its "replay with" line says.
    @Test func aRecordingStartedMidSessionRecreatesTheScreenFirst() async throws {
        let path = try temporaryFile("")
        let transcript = try await SessionTranscript.run([
            "use users", #"stub fetch value=[{"id":1,"name":"Ada"}] times=2"#, #"invariant users.phase != "failed""#,
            "use foo", #"mock text="mocked""#, #"invariant text != "😢""#,
            "record \(path) overwrite=true", "event hello", #"expect text == "mocked""#, "record stop",
        ])
        #expect(transcript.status == 0)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            Array(lines.dropFirst(3)) == [
                "use users", #"stub fetch value=[{"id":1,"name":"Ada"}] times=2"#, #"invariant users.phase != "failed""#,
                "use foo", #"mock state={"sheetIsPresented":false,"text":"mocked"}"#, #"invariant text != "😢""#,
                "event hello", #"expect text == "mocked""#,
            ], "\(text)")
        let replay = try await SessionTranscript.runScripts([path])
        #expect(replay.status == 0, "\(replay.reports)")
    }

    /// Under `--files=DIR` (and in `--mcp`, in the working directory) a file is written only in
    /// that folder: by a relative path without `..`, through no link, to a regular file.
    @Test func filesAreWrittenOnlyInTheFolderGiven() async throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("vmrepl-files-\(UUID().uuidString)").path
        let outside = manager.temporaryDirectory.appendingPathComponent("vmrepl-outside-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try "kept\n".write(toFile: outside + "/target", atomically: true, encoding: .utf8)
        #expect(symlink(outside, root + "/linked") == 0)
        #expect(symlink(outside + "/target", root + "/link.vmrepl") == 0)
        #expect(mkfifo(root + "/fifo", 0o644) == 0)
        let refused = [
            "record ../escaped.vmrepl", "record \(outside)/absolute.vmrepl", "record linked/x.vmrepl", "record link.vmrepl append=true",
            "record link.vmrepl overwrite=true", "record fifo append=true", "record sub/../x.vmrepl", "record sub",
        ]
        let lines = refused + ["record sub/ok.vmrepl", "use foo", "record stop", "record nodir/x.vmrepl"]
        let transcript = try await SessionTranscript.run(lines, arguments: ["--files=\(root)"])
        for (index, line) in refused.enumerated() {
            #expect(transcript.reply(index + 1)?["code"] as? String == "path_not_allowed", "\(line)")
        }
        #expect(transcript.reply(refused.count + 1)?["type"] as? String == "ok")
        #expect(transcript.reply(refused.count + 4)?["message"] as? String == "cannot record to nodir/x.vmrepl: No such file or directory; nothing changed")
        #expect(try String(contentsOfFile: root + "/sub/ok.vmrepl", encoding: .utf8).hasSuffix("\nuse foo\n"))
        #expect(try String(contentsOfFile: outside + "/target", encoding: .utf8) == "kept\n")
        #expect(try manager.contentsOfDirectory(atPath: outside) == ["target"])
        #expect(Set(try manager.contentsOfDirectory(atPath: root)) == ["sub", "linked", "link.vmrepl", "fifo"])
        #expect(try SessionOptions.parse(["--mcp"]).files == FileSandbox(root: manager.currentDirectoryPath))
        #expect(try SessionOptions.parse([]).files == nil)
        // Without --files a person or a script may write where they like.
        let anywhere = try await SessionTranscript.run(["record \(outside)/mine.vmrepl", "record stop"])
        #expect(anywhere.reply(1)?["type"] as? String == "ok")
    }

    /// A hard link in the folder to a file elsewhere is refused whatever the mode, checked on the
    /// file opened; a name too long says so, not that the path is not allowed.
    @Test func aHardLinkOrANameTooLongIsRefusedForWhatItIs() async throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("vmrepl-files-\(UUID().uuidString)").path
        let outside = manager.temporaryDirectory.appendingPathComponent("vmrepl-outside-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
        try "kept\n".write(toFile: outside, atomically: true, encoding: .utf8)
        #expect(link(outside, root + "/hard.vmrepl") == 0)
        let long = String(repeating: "a", count: 300) + ".vmrepl"
        let transcript = try await SessionTranscript.run(
            ["record hard.vmrepl append=true", "record \(long)", "record \(long) append=true"], arguments: ["--files=\(root)"])
        #expect(transcript.reply(1)?["code"] as? String == "path_not_allowed")
        for line in 2...3 {
            #expect(transcript.reply(line)?["code"] as? String == "bad_arguments")
            #expect((transcript.reply(line)?["message"] as? String)?.contains("longer than the file system allows") == true)
        }
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "kept\n")
        // Replacing it is allowed: the rename replaces the folder's name, the other file stays as it was.
        let replaced = try await SessionTranscript.run(["record hard.vmrepl overwrite=true", "record stop"], arguments: ["--files=\(root)"])
        #expect(replaced.reply(1)?["type"] as? String == "ok")
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "kept\n")
    }

    /// A folder on the way swapped for a link to one elsewhere, again and again while 20,000
    /// recordings are opened: none lands outside, since each folder is opened without following a link.
    @Test func aFolderSwappedForALinkNeverLetsARecordingOut() throws {
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("vmrepl-files-\(UUID().uuidString)").path
        let outside = manager.temporaryDirectory.appendingPathComponent("vmrepl-outside-\(UUID().uuidString)").path
        try manager.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: outside, withIntermediateDirectories: true)
        let stop = Atomic(false)
        let swapper = Thread {
            while !stop.value {
                rename(root + "/sub", root + "/real")
                symlink(outside, root + "/sub")
                unlink(root + "/sub")
                rename(root + "/real", root + "/sub")
            }
        }
        swapper.start()
        let sandbox = FileSandbox(root: root)
        for index in 0..<20_000 {
            if let fd = try? sandbox.openForRecording("sub/r\(index).vmrepl", mode: .create, header: Array("#\n".utf8)) { close(fd) }
        }
        stop.value = true
        #expect(try manager.contentsOfDirectory(atPath: outside) == [])
    }

    /// A JSON request is saved as the line a person would type, its id left out.
    @Test func jsonRequestsAreRecordedInTheHumanForm() async throws {
        let path = try temporaryFile("")
        _ = try await SessionTranscript.run([
            #"{"cmd":"record","path":"\#(path)","overwrite":true}"#, #"{"id":1,"cmd":"use","screen":"posts"}"#,
            #"{"id":"b","cmd":"event","name":"select","args":{"id":3}}"#, #"{"cmd":"advance","duration":0.25}"#, "record stop",
        ])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("\nuse posts\nevent select id=3\nadvance 250ms\n"), "\(text)")
    }

    /// `test --update` on a linked transcript writes through to the file it names; the link stays.
    @MainActor
    @Test func updatingALinkedTranscriptWritesThroughTheLink() async throws {
        let target = try temporaryFile("> use foo\n{\"stale\":true}\n")
        let link = target + ".link.vmt"
        #expect(symlink(target, link) == 0)
        let session = TranscriptSession(registry: ExampleScreens.registry(), options: Evaluator.Options(), update: true, report: { _ in })
        #expect(await session.run([link]) == .success)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains(#""screen":"foo""#))
    }

    @MainActor
    @Test func updatingATranscriptRenamesANewFileOverTheOld() async throws {
        let path = try temporaryFile("> use foo\n{\"stale\":true}\n")
        let before = try inode(path)
        var reports: [String] = []
        let session = TranscriptSession(
            registry: ExampleScreens.registry(), options: Evaluator.Options(), update: true, report: { reports.append($0) })
        #expect(await session.run([path]) == .success)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""screen":"foo""#))
        #expect(!text.contains("stale"))
        #expect(try inode(path) != before)
        // No temporary file of this transcript is left; other tests write theirs in the same folder meanwhile.
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).allSatisfy { !($0.hasPrefix(name) && $0.hasSuffix(".vmrepl-tmp")) })
    }
}

/// A flag one thread sets and another reads.
private final class Atomic: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Bool

    init(_ value: Bool) { stored = value }

    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
