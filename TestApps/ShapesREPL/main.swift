// A test app's own vmrepl whose view models hold the shapes a hostile sweep found (odd numbers,
// keys, closures, wrappers, deep and shared values, actors), hosted as written: each must print
// as valid JSON in its documented form, the same in every process, and never crash or hang.
import ViewModelREPL

var screens = ScreenRegistry()
screens.register(
    "odd-values", summary: "numbers, keys, closures and enums in their awkward forms",
    actions: [
        .action("touch") { $0.touch() }
    ],
    bindings: [
        .binding("decimal", \.decimal), .binding("privacy", \.privacy), .binding("small", \.small), .binding("big", \.big), .binding("ratio", \.ratio),
        .binding("when", \.when),
    ]
) { _ in
    OddValues()
}
screens.register("deep", summary: "an indirect enum 8,000 levels deep", actions: [.action("grow") { $0.grow() }]) { _ in
    DeepChain()
}
screens.register("graph", summary: "a graph of 40 levels, each node's two children one shared node", actions: []) { _ in
    SharedGraph()
}
screens.register(
    "actor-held", summary: "a view model holding an actor that writes its own state on its own executor",
    actions: [
        .action("churn") { await $0.churn() }
    ]
) { _ in
    ActorHolder()
}
screens.register(
    "wrapped", summary: "properties behind wrappers (a stand-in of Combine's Published, a team's own) and lazy storage",
    actions: [
        .action("subscribe") { $0.subscribe() }
    ]
) { _ in
    WrappedProperties()
}
screens.register("downloader", summary: "a download its init starts, in five steps of a second", actions: []) { context in
    Downloader(clock: context.clock)
}
screens.register(
    "inbox", summary: "a view model holding a private client, left out by name", leavingOut: ["client"],
    actions: [
        .action("refresh") { $0.refresh() }
    ]
) { _ in
    Inbox()
}
screens.register("classes", summary: "an @Observable base and its plain subclass, a shadowed private field, a custom mirror", actions: []) { _ in
    ClassShapes()
}
await REPLMain.run(screens: screens)
