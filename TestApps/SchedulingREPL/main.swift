// A test app of the ways apps schedule work: an endless observer started in init, completions on
// the main queue, the main run loop and operation queue, notifications, Foundation timers (held
// and not), tasks off the main actor and detached ones.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "downloads", summary: "an observer of a service's stream started in init; downloads in 1 s",
    actions: [.action("download", "id") { (model, id: String) in await model.download(id) }]
) { context in
    DownloadViewModel(service: DownloadService(clock: context.clock))
}
screens.register(
    "spinner", summary: "a block that posts itself to the main queue again, every turn",
    actions: [
        .action("spin") { $0.spin() }, .action("spinRunLoop") { $0.spinRunLoop() }, .action("spinOperations") { $0.spinOperations() },
        .action("stop") { $0.stop() },
    ]
) { _ in
    SpinnerViewModel()
}
screens.register(
    "timeline", summary: "pages that come back through DispatchQueue.main.async",
    actions: [.action("loadNextPage") { $0.loadNextPage() }]
) { _ in
    TimelineViewModel()
}
screens.register(
    "countdown", summary: "a Timer that schedules the next from its own block, then works 30 ms",
    actions: [.action("start", "seconds") { (model, seconds: Int) in model.start(seconds) }]
) { _ in
    CountdownViewModel()
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
screens.register(
    "relay", summary: "RunLoop.main.perform, OperationQueue.main and a notification observed on .main",
    actions: [
        .action("perform") { $0.perform() },
        .action("operation") { $0.operation() },
        .action("announce", "text") { (model, text: String) in model.announce(text) },
    ]
) { _ in
    RelayViewModel()
}
screens.register(
    "autosave", summary: "a draft a Timer no state holds saves 1 s after each edit",
    actions: [.action("edit", "text") { (model, text: String) in model.edit(text) }]
) { _ in
    AutosaveViewModel()
}
await REPLMain.run(screens: screens)
