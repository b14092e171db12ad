import Foundation

/// A feed client that answers on the main queue, as URLSession completions and `receive(on:)` do.
struct FeedClient {
    func fetchPage(after cursor: Int, completion: @escaping @Sendable ([String], Int) -> Void) {
        let posts = (cursor..<cursor + 3).map { "post \($0)" }
        DispatchQueue.main.async { completion(posts, cursor + 3) }
    }
}

/// A timeline whose pages come back through `DispatchQueue.main.async`; not on the main actor.
final class TimelineViewModel: @unchecked Sendable {
    private(set) var posts: [String] = []
    private(set) var isLoading = false
    private var cursor = 0
    private let client = FeedClient()

    func loadNextPage() {
        guard !isLoading else { return }
        isLoading = true
        client.fetchPage(after: cursor) { [weak self] page, next in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.posts += page
                self.cursor = next
                self.isLoading = false
            }
        }
    }
}
