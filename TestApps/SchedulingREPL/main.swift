// A test app of the ways apps schedule work: an endless observer started in init, completions on
// the main queue, Foundation timers, tasks off the main actor and detached ones.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "downloads", summary: "an observer of a service's stream started in init; downloads in 1 s",
    actions: [.action("download", "id") { (model, id: String) in await model.download(id) }]
) { context in
    DownloadViewModel(service: DownloadService(clock: context.clock))
}
screens.register(
    "timeline", summary: "pages that come back through DispatchQueue.main.async",
    actions: [.action("loadNextPage") { $0.loadNextPage() }]
) { _ in
    TimelineViewModel()
}
screens.register(
    "toast", summary: "a toast a Timer dismisses after 2 s",
    actions: [.action("show", "text") { (model, text: String) in model.show(text) }]
) { _ in
    ToastViewModel()
}
screens.register(
    "clockface", summary: "a repeating Timer that ticks every second",
    actions: [.action("start") { $0.start() }, .action("stop") { $0.stop() }]
) { _ in
    ClockFaceViewModel()
}
screens.register(
    "homeserver", summary: "a nonisolated method's Task and a detached task",
    actions: [
        .action("configureHomeserver", "address") { (model, address: String) in model.configureHomeserver(address) },
        .action("summarize") { $0.summarize() },
    ]
) { context in
    HomeserverViewModel(client: HomeserverClient(clock: context.clock))
}
await REPLMain.run(screens: screens)
