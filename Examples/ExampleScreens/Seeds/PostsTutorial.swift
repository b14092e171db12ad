import Foundation
import Observation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Seed 003 as written: the tutorial's `Post`, `LoadState` and `PostsViewModel`, with the loader
/// injected through `init`. Changed only where Linux demands: `@Observable` for `ObservableObject`.
public enum PostsTutorial {
    struct Post: Identifiable, Decodable {
        let id: Int
        let title: String
        let body: String
    }

    enum LoadState {
        case loading
        case loaded([Post])
        case failed(String)
    }

    @MainActor
    @Observable
    public final class PostsViewModel {
        var state: LoadState = .loading

        @ObservationIgnored private let loader: PostsLoader
        public init(loader: PostsLoader) { self.loader = loader }

        func load() async {
            state = .loading
            do {
                state = .loaded(try await loader.fetch())
            } catch {
                state = .failed(error.localizedDescription)
            }
        }
    }

    /// The network layer of the tutorial's next page: the posts at a URL (a file URL too).
    public struct PostsLoader: Sendable {
        let url: URL

        public init(url: URL) { self.url = url }

        func fetch() async throws -> [Post] {
            let data = url.isFileURL ? try Data(contentsOf: url) : try await URLSession.shared.data(from: url).0
            return try JSONDecoder().decode([Post].self, from: data)
        }
    }
}
