import Observation

/// Paging through a fixed number of pages: an internal class with internal methods, which the
/// generated file reaches through `@testable import` (debug builds, as `swift run` makes).
@MainActor
@Observable
final class PagerViewModel {
    var page = 1
    let pageCount = 5

    init() {}

    func next() { page = min(page + 1, pageCount) }
    func previous() { page = max(page - 1, 1) }
    func go(to page: Int) { self.page = min(max(page, 1), pageCount) }
}
