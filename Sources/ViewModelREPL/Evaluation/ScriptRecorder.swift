import Foundation

/// Writes the commands of a session to a file as a script that `vmrepl run` replays.
final class ScriptRecorder {
    let path: String
    private let handle: FileHandle
    private(set) var count = 0

    /// Creates (or truncates) `path` and writes the script's first lines.
    init(path: String) throws(ReplError) {
        self.path = path
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw ReplError(.cannotRecord(path: path))
        }
        self.handle = handle
        write("#!/usr/bin/env -S vmrepl run")
        write("# recorded by vmrepl; replay with: vmrepl run \((path as NSString).lastPathComponent)")
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
