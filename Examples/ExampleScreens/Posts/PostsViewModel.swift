import Foundation
import Observation
import ViewModelKit

/// What the posts screen shows: the posts' load state, the search query and the selected post.
public struct PostsViewState: Codable, Hashable, Sendable {
    /// The posts' load state; the posts stay shown while a reload runs.
    public var posts: LoadState<[Post]>
    /// The search field's text; the list shows the posts whose title contains it.
    public var query: String
    /// The post whose detail is shown, if any.
    public var selectedPostID: Int?

    /// Creates a state.
    public init(posts: LoadState<[Post]> = LoadState(), query: String = "", selectedPostID: Int? = nil) {
        self.posts = posts
        self.query = query
        self.selectedPostID = selectedPostID
    }

    /// The posts the list shows: all of them, or those whose title contains the query.
    public var visiblePosts: [Post] {
        let all = posts.value ?? []
        guard !query.isEmpty else { return all }
        return all.filter { $0.title.localizedCaseInsensitiveContains(query) }
    }

    private enum CodingKeys: String, CodingKey { case posts, query, selectedPostID }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            posts: try container.decode(LoadState<[Post]>.self, forKey: .posts),
            query: try container.decodeIfPresent(String.self, forKey: .query) ?? "",
            selectedPostID: try container.decodeIfPresent(Int.self, forKey: .selectedPostID)
        )
    }

    // Written by hand so that `selectedPostID` appears as `null` rather than disappearing.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(posts, forKey: .posts)
        try container.encode(query, forKey: .query)
        try container.encode(selectedPostID, forKey: .selectedPostID)
    }
}

/// What the posts screen reports.
public enum PostsViewEvent: Codable, Sendable {
    /// A row was tapped.
    case select(id: Int)
    /// The search field changed.
    case filter(query: String)
    /// The detail was closed.
    case deselect
    /// Pull to refresh.
    case refresh
}

/// The real view model of the posts screen; its loader is injected so tests can pass a fake.
@MainActor
@Observable
public final class PostsViewModel: LoadingViewModel {
    public var viewState = PostsViewState()

    @ObservationIgnored private let loader: any PostsLoading
    @ObservationIgnored private lazy var runner = LoadRunner<[Post]> { [weak self] in self?.viewState.posts.apply($0) }

    /// Creates the view model over `loader`.
    public init(loader: any PostsLoading) {
        self.loader = loader
    }

    public func handle(event: PostsViewEvent) {
        switch event {
        case .select(let id):
            // Only a post the list holds can be selected.
            if viewState.posts.value?.contains(where: { $0.id == id }) == true {
                viewState.selectedPostID = id
            }
        case .filter(let query):
            viewState.query = query
        case .deselect:
            viewState.selectedPostID = nil
        case .refresh:
            load()
        }
    }

    public func load() {
        let loader = loader
        runner.start { try await loader.fetch() }
    }

    public func retry() -> Bool { runner.retry() }
    public func cancelLoad() { runner.cancel() }
    public var isLoading: Bool { runner.isRunning }
    public func waitUntilIdle() async { await runner.waitUntilIdle() }
}
