import Foundation

/// Writes the commands of a session to a file as a script that `vmrepl run` replays.
///
/// Each command is appended as it is handled, so a session that is killed keeps what it recorded.
/// An existing file is never truncated: it is an error unless the user asked to replace it (then a
/// new file is renamed over it) or to append to it.
final class ScriptRecorder {
    let path: String
    private let handle: FileHandle
    private(set) var count = 0

    /// Opens `path` as `mode` says and, for a new script, writes its first lines.
    init(path: String, mode: Command.RecordMode) throws(ReplError) {
        self.path = path
        let header = [
            "#!/usr/bin/env -S vmrepl run",
            "# recorded by vmrepl; replay with: vmrepl run \((path as NSString).lastPathComponent)",
        ].map { $0 + "\n" }.joined()
        let exists = FileManager.default.fileExists(atPath: path)
        switch mode {
        case .create:
            guard !exists else { throw ReplError(.fileExists(path: path)) }
            guard FileManager.default.createFile(atPath: path, contents: Data(header.utf8)) else { throw ReplError(.cannotRecord(path: path)) }
        case .overwrite:
            guard AtomicFile.replace(path, with: Array(header.utf8)) == nil else { throw ReplError(.cannotRecord(path: path)) }
        case .append:
            if !exists, !FileManager.default.createFile(atPath: path, contents: Data(header.utf8)) { throw ReplError(.cannotRecord(path: path)) }
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { throw ReplError(.cannotRecord(path: path)) }
        do {
            try handle.seekToEnd()
        } catch {
            throw ReplError(.cannotRecord(path: path))
        }
        self.handle = handle
    }

    /// Appends one command line.
    func record(_ line: String) {
        count += 1
        write(line)
    }

    /// Appends a line that replays as a comment.
    func comment(_ text: String) {
        write("# " + text)
    }

    func close() {
        try? handle.close()
    }

    private func write(_ line: String) {
        handle.write(Data((line + "\n").utf8))
    }
}
