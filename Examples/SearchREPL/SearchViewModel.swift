import Foundation
import Observation

/// A search screen as app teams write it: an `@Observable` class with a query the view binds, a
/// debounced search its `didSet` starts in a `Task` of its own, paging, favourites and the last
/// error, nothing of it `Codable`. vmrepl hosts it as it is (see `main.swift`).
@MainActor
@Observable
final class SearchViewModel {
    /// What the search field shows; each change searches again after a pause.
    var query = "" {
        didSet {
            searchTask?.cancel()
            searchTask = Task { [weak self, clock] in
                guard (try? await clock.sleep(for: .milliseconds(300))) != nil else { return }
                await self?.search()
            }
        }
    }
    private(set) var results: [String] = []
    private(set) var page = 0
    private(set) var isSearching = false
    private(set) var lastError: (any Error)?
    private(set) var favorites: Set<String> = []
    private(set) var lastSearched: Date?

    @ObservationIgnored private var searchTask: Task<Void, Never>?
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored private let catalog: [String]

    init(clock: any Clock<Duration>, catalog: [String]) {
        self.clock = clock
        self.catalog = catalog
    }

    /// Searches from the first page.
    func search() async {
        page = 0
        results = []
        await loadMore()
    }

    /// Loads the next page of results: three names a page, after a second's round trip.
    func loadMore() async {
        isSearching = true
        defer { isSearching = false }
        do {
            try await clock.sleep(for: .seconds(1))
            guard !query.isEmpty else { throw SearchError.emptyQuery }
            let matches = catalog.filter { $0.localizedCaseInsensitiveContains(query) }
            results += matches.dropFirst(page * 3).prefix(3)
            page += 1
            lastError = nil
            lastSearched = Date(timeIntervalSince1970: 1_796_000_000 + Double(page))
        } catch is CancellationError {
            return
        } catch {
            lastError = error
        }
    }

    /// Marks a result as a favourite, or no longer.
    func toggleFavorite(_ name: String) {
        if favorites.contains(name) { favorites.remove(name) } else { favorites.insert(name) }
    }
}

/// Why a search found nothing to do.
enum SearchError: Error {
    case emptyQuery
}
