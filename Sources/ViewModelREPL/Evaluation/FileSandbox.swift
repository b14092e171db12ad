#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one folder a session may write files in, for clients that are not a person at a terminal
/// (`vmrepl --mcp`, where an agent names the paths): relative paths only, no `..`, no link
/// followed on the way, and only a regular file (or none yet) at the end.
package struct FileSandbox: Sendable, Equatable {
    /// The folder, as given (`--files=DIR`, or the working directory).
    package var root: String

    package init(root: String) {
        self.root = root
    }

    /// The path to open for `path`, inside the folder.
    /// - Throws: ``ReplError`` `pathNotAllowed` naming the folder, when `path` leads out of it,
    ///   through a link, or to something that is not a regular file.
    func resolve(_ path: String) throws(ReplError) -> String {
        let refused = ReplError(.pathNotAllowed(path: path, folder: root))
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.hasPrefix("/"), !components.contains(where: { $0 == ".." || $0.isEmpty }) else { throw refused }
        var current = root
        for (index, component) in components.enumerated() where component != "." {
            current += "/" + component
            var status = stat()
            guard lstat(current, &status) == 0 else {
                // Nothing there leads out: the writer creates the file, or says a folder is missing.
                guard errno == ENOENT else { throw refused }
                return ([current] + components[(index + 1)...].map(String.init)).joined(separator: "/")
            }
            let kind = status.st_mode & S_IFMT
            let isLast = index == components.count - 1
            guard kind == (isLast ? S_IFREG : S_IFDIR) else { throw refused }
        }
        return current
    }
}
