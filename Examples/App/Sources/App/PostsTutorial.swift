#if canImport(Combine)
    import Combine
#endif

// Seed 003, the tutorial's view model page, as written: `Post`, `LoadState` and an
// `ObservableObject` `PostsViewModel` with a `@Published` state and an injected loader. The
// tutorial writes `PostsLoader` on its next page; here it returns two posts without a network.

/// One post of the feed.
struct Post: Identifiable, Decodable {
    let id: Int
    let title: String
    let body: String
}

/// Which of three things is happening.
enum LoadState {
    case loading
    case loaded([Post])
    case failed(String)
}

/// The feed's network layer, as a test would fake it: two posts, at once.
struct PostsLoader {
    func fetch() async throws -> [Post] {
        [Post(id: 1, title: "Hello", body: "The first post."), Post(id: 2, title: "Again", body: "The second post.")]
    }
}

/// The posts screen's view model, as the tutorial writes it.
@MainActor
final class PostsViewModel: ObservableObject {
    @Published var state: LoadState = .loading

    private let loader: PostsLoader
    init(loader: PostsLoader = PostsLoader()) { self.loader = loader }

    func load() async {
        state = .loading
        do {
            state = .loaded(try await loader.fetch())
        } catch {
            state = .failed(error.localizedDescription)
        }
    }
}
