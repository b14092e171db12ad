import Foundation
import ViewModelKit
import ViewModelREPL

/// The example screens, ported from the seeds, registered the way an app team registers its own.
public enum ExampleScreens {
    /// The environment variable that points the posts screen at an http URL instead of the bundled file.
    public static let postsURLVariable = "VMREPL_POSTS_URL"

    /// A registry holding foo, users, greeting and posts.
    /// - Parameter postsURL: Where the posts screen loads from; by default the JSON file shipped with the examples.
    public static func registry(postsURL: URL? = nil) -> ScreenRegistry {
        var screens = ScreenRegistry()
        screens.register("foo", summary: "says hello and goodbye, presents a modal sheet (previewable view model)") { _ in
            FooViewModel()
        }
        screens.register("users", summary: "loads users in 2 s, succeeding or failing at random; a reload keeps them shown", events: UsersViewEvent.allCases) {
            context in
            UsersViewModel(fetch: context.dependency("fetch", live: UsersViewModel.randomFetch(clock: context.clock, random: context.makeRandom())))
        }
        screens.register(
            "greeting", summary: "loads a greeting in 1 s with an error state and retry; cancelling is not an error", events: AsyncContentEvent.allCases
        ) { context in
            AsyncContentViewModel(load: context.dependency("fetch", live: GreetingScreen.randomFetch(clock: context.clock, random: context.makeRandom())))
        }
        let url = postsURL ?? URLSessionPostsLoader.bundledPostsURL ?? URL(fileURLWithPath: "/nonexistent/posts.json")
        screens.register(
            "posts", summary: "fetches posts with URLSession; select and filter them",
            events: [.select(id: 1), .filter(query: ""), .deselect, .refresh]
        ) { context in
            PostsViewModel(loader: ClosurePostsLoader(fetch: context.dependency("fetch", live: URLSessionPostsLoader(url: url).fetch)))
        }
        // Three seeds as written, hosted with no change to their code.
        screens.register(
            "viewstate-example", summary: "seed 000 as written: loads users in 2 s or fails with SomeError, at random",
            actions: [
                .action("load", drives: .loading) { $0.load() }
            ]
        ) { context in
            ViewStateExampleView.ViewModel(clock: context.clock, coin: CoinFlips(context.makeRandom()))
        }
        screens.register(
            "async-content", summary: "seed 001 as written: a greeting in 1 s or a bad server response; retry; cancel is not an error",
            actions: [
                .action("loadContent", drives: [.load, .reload]) { await $0.loadContent() },
                .action("retry", drives: .retry) { await $0.retry() },
            ]
        ) { context in
            AsyncContentLoader(load: AsyncContentLoader.previewLoad(clock: context.clock, coin: CoinFlips(context.makeRandom())))
        }
        screens.register(
            "posts-tutorial", summary: "seed 003 as written: the tutorial's PostsViewModel with its own LoadState",
            actions: [
                .action("load", drives: .loading) { await $0.load() }
            ]
        ) { _ in
            PostsTutorial.PostsViewModel(loader: PostsTutorial.PostsLoader(url: url))
        }
        return screens
    }
}
