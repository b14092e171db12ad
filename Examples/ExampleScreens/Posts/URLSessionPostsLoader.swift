import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real posts loader: fetches a JSON array of posts from a URL with URLSession and decodes it.
///
/// `file:` URLs are read directly (URLSession on Linux does not serve them), so the posts shipped
/// with the examples load without a server.
public struct URLSessionPostsLoader: PostsLoading {
    /// Where the posts come from.
    public let url: URL
    private let session: URLSession

    /// The posts JSON shipped with the examples: installed as `share/vmrepl/posts.json` beside the
    /// binary's `bin` folder, or, in a build from source, the file next to this one.
    public static var bundledPostsURL: URL? {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
            candidates.append(prefix.appendingPathComponent("share/vmrepl/posts.json"))
        }
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("posts.json"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Creates a loader for `url`.
    public init(url: URL, session: URLSession = .shared) {
        self.url = url
        self.session = session
    }

    public func fetch() async throws -> [Post] {
        let data = url.isFileURL ? try readFile() : try await download()
        do {
            return try JSONDecoder().decode([Post].self, from: data)
        } catch let error as DecodingError {
            throw PostsLoadError.malformed(url: url.absoluteString, reason: Self.describe(error))
        }
    }

    private func readFile() throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PostsLoadError.unreadable(url: url.absoluteString, reason: error.localizedDescription)
        }
    }

    private func download() async throws -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(from: url)
        } catch let error as URLError where error.code != .cancelled {
            throw PostsLoadError.unreachable(url: url.absoluteString, reason: error.localizedDescription)
        }
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            throw PostsLoadError.httpStatus(http.statusCode, url: url.absoluteString)
        }
        return data
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context): context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, let context): "missing \"\(key.stringValue)\" at \(path(context))"
        case .typeMismatch(let type, let context): "expected \(type) at \(path(context))"
        case .valueNotFound(let type, let context): "expected \(type) at \(path(context)), found null"
        @unknown default: "\(error)"
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "the top level" : path
    }
}
