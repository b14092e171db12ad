/// Fetches the posts; injected into ``PostsViewModel`` so tests can pass a fake.
public protocol PostsLoading: Sendable {
    /// The posts, or an error whose description says what went wrong.
    func fetch() async throws -> [Post]
}
