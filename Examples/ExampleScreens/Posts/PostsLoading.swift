/// Fetches the posts; injected into ``PostsViewModel`` so tests can pass a fake.
public protocol PostsLoading: Sendable {
    /// The posts, or an error whose description says what went wrong.
    func fetch() async throws -> [Post]
}

/// A loader that calls a function: how the REPL passes a stubbable fetch to ``PostsViewModel``.
public struct ClosurePostsLoader: PostsLoading {
    private let fetchPosts: @Sendable () async throws -> [Post]

    /// Creates a loader that calls `fetch`.
    public init(fetch: @escaping @Sendable () async throws -> [Post]) {
        self.fetchPosts = fetch
    }

    public func fetch() async throws -> [Post] {
        try await fetchPosts()
    }
}
