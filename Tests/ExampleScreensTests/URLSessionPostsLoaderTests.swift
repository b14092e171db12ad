import ExampleScreens
import Foundation
import TestSupport
import Testing

struct URLSessionPostsLoaderTests {
    static let body = #"[{"id":1,"title":"Why MVVM","body":"b"},{"id":2,"title":"Swift on Linux","body":"c"}]"#

    @Test func fetchesAndDecodesPostsOverHTTP() async throws {
        let posts = try await LocalHTTPServer.serving(["posts.json": Self.body]) { server in
            try await URLSessionPostsLoader(url: server.url("posts.json")).fetch()
        }
        #expect(posts == [Post(id: 1, title: "Why MVVM", body: "b"), Post(id: 2, title: "Swift on Linux", body: "c")])
    }

    @Test func missingFileIsAnHTTPStatusError() async throws {
        try await LocalHTTPServer.serving([:]) { server in
            let url = server.url("nothing.json")
            await #expect(throws: PostsLoadError.httpStatus(404, url: url.absoluteString)) {
                try await URLSessionPostsLoader(url: url).fetch()
            }
        }
    }

    @Test func malformedBodySaysWhereItWentWrong() async throws {
        try await LocalHTTPServer.serving(["bad.json": #"[{"id":1,"title":"no body"}]"#]) { server in
            let url = server.url("bad.json")
            await #expect(throws: PostsLoadError.malformed(url: url.absoluteString, reason: #"missing "body" at [0]"#)) {
                try await URLSessionPostsLoader(url: url).fetch()
            }
        }
    }

    @Test func unreachableHostSaysSo() async throws {
        let server = try await LocalHTTPServer.start([:])
        let url = server.url("posts.json")
        await server.stop()
        do {
            _ = try await URLSessionPostsLoader(url: url).fetch()
            Issue.record("a stopped server answered")
        } catch let error as PostsLoadError {
            guard case .unreachable(let failedURL, _) = error else {
                Issue.record("expected unreachable, got \(error)")
                return
            }
            #expect(failedURL == url.absoluteString)
            #expect(error.description.hasPrefix("cannot reach \(url.absoluteString): "))
        }
    }

    @Test func bundledPostsLoadWithoutAServer() async throws {
        let url = try #require(URLSessionPostsLoader.bundledPostsURL)
        let posts = try await URLSessionPostsLoader(url: url).fetch()
        #expect(posts.count == 10)
        #expect(Set(posts.map(\.id)).count == posts.count)
    }
}
