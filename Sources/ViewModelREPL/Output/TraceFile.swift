import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a session's trace page (`--trace=FILE.html`) at the end of the session: whole and
/// atomically, so a reader (or a CI artifact upload) never sees half a page.
@MainActor
package struct TraceFile {
    /// Where the page goes, as given.
    package var path: String
    /// The folder files must stay in (`--files`, `--mcp`), if any.
    package var files: FileSandbox?
    package let recorder: TraceRecorder

    package init(path: String, files: FileSandbox?, recorder: TraceRecorder = TraceRecorder()) {
        self.path = path
        self.files = files
        self.recorder = recorder
    }

    /// Why the page could not be written where it goes, found before the session runs (a folder
    /// that is not there, a path that is a folder, a name past 255 bytes), or `nil`. Under
    /// `--files` the sandbox answers when the page is written.
    package func problemBeforeWriting() -> String? {
        guard files == nil else { return nil }
        let url = URL(fileURLWithPath: path)
        var isFolder: ObjCBool = false
        let folder = url.deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder.boolValue {
            return Messages.traceNoFolder(folder)
        }
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return Messages.traceIsFolder }
        if url.lastPathComponent.utf8.count > 255 { return Messages.traceNameTooLong }
        return nil
    }

    /// Writes the page as the session stands now.
    /// - Returns: What went wrong, worded for people, or `nil`.
    package func write() -> String? {
        let page = recorder.page(named: path)
        guard let files else { return AtomicFile.replace(path, with: page) }
        do {
            let fd = try files.openForRecording(path, mode: .overwrite, header: page)
            _ = close(fd)
            return nil
        } catch {
            return Messages.writeReason(error.reason)
        }
    }
}
