import ExampleScreens
import Testing
import ViewModelKit

/// A loader that returns a fixed result, for tests.
struct FakePostsLoader: PostsLoading {
    var result: Result<[Post], PostsLoadError>
    func fetch() async throws -> [Post] { try result.get() }
}

@MainActor
struct PostsViewModelTests {
    static let posts = [Post(id: 1, title: "Why MVVM", body: "…"), Post(id: 2, title: "Swift on Linux", body: "…")]

    private func loadedModel() async -> PostsViewModel {
        let model = PostsViewModel(loader: FakePostsLoader(result: .success(Self.posts)))
        model.load()
        await model.waitUntilIdle()
        return model
    }

    @Test func loadShowsTheInjectedLoadersPosts() async {
        let model = await loadedModel()
        #expect(model.viewState == PostsViewState(posts: .loaded(Self.posts), query: "", selectedPostID: nil))
    }

    @Test func failedLoadKeepsTheLoadersMessage() async {
        let model = PostsViewModel(loader: FakePostsLoader(result: .failure(.httpStatus(503, url: "http://x"))))
        model.load()
        await model.waitUntilIdle()
        #expect(
            model.viewState == PostsViewState(posts: LoadState(phase: .failed, failure: LoadFailure(message: "HTTP 503 from http://x", attempt: 1), attempt: 1))
        )
    }

    @Test func selectPicksALoadedPostAndIgnoresUnknownIDs() async {
        let model = await loadedModel()
        model.handle(event: .select(id: 2))
        #expect(model.viewState == PostsViewState(posts: .loaded(Self.posts), query: "", selectedPostID: 2))
        model.handle(event: .select(id: 99))
        #expect(model.viewState == PostsViewState(posts: .loaded(Self.posts), query: "", selectedPostID: 2))
        model.handle(event: .deselect)
        #expect(model.viewState == PostsViewState(posts: .loaded(Self.posts), query: "", selectedPostID: nil))
    }

    @Test func filterNarrowsTheVisiblePosts() async {
        let model = await loadedModel()
        model.handle(event: .filter(query: "linux"))
        #expect(model.viewState == PostsViewState(posts: .loaded(Self.posts), query: "linux", selectedPostID: nil))
        #expect(model.viewState.visiblePosts == [Self.posts[1]])
    }
}
