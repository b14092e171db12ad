/// A post as the posts service returns it.
public struct Post: Codable, Hashable, Sendable, Identifiable {
    public var id: Int
    public var title: String
    public var body: String

    /// Creates a post.
    public init(id: Int, title: String, body: String) {
        self.id = id
        self.title = title
        self.body = body
    }
}
