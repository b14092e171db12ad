import ViewModelREPL

var screens = ScreenRegistry()
let names = ["Swift", "SwiftUI", "Swift Testing", "Observation", "Foundation", "Dispatch", "Swift Concurrency"]
screens.register(
    "search", summary: "a debounced search with paging and favourites, hosted as written",
    actions: [
        .action("search", drives: .loading) { await $0.search() },
        .action("loadMore") { await $0.loadMore() },
        .action("toggleFavorite", "name") { (model, name: String) in model.toggleFavorite(name) },
    ], bindings: [.binding("query", \.query)]
) { context in
    SearchViewModel(clock: context.clock, catalog: names)
}
await REPLMain.run(screens: screens)
