// swift-tools-version:6.2
import PackageDescription

/// Settings every target shares: Swift 6 mode is the package default, and existentials are
/// spelled `any` everywhere.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "vmrepl",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "ViewModelKit", targets: ["ViewModelKit"]),
        .library(name: "ViewModelREPL", targets: ["ViewModelREPL"]),
        .library(name: "ViewModelREPLTesting", targets: ["ViewModelREPLTesting"]),
        .executable(name: "vmrepl", targets: ["vmrepl"]),
        // `swift package vmrepl-screens`: a screen for every view model of a target, from its symbol graph.
        .plugin(name: "VMReplScreens", targets: ["VMReplScreens"]),
        // `swift package vmrepl-screens-check`: whether the generated file is up to date, with no permission to write.
        .plugin(name: "VMReplScreensCheck", targets: ["VMReplScreensCheck"]),
    ],
    targets: [
        // MARK: Libraries
        .target(name: "ViewModelKit"),
        .target(name: "ViewModelREPL", dependencies: ["ViewModelKit", "LineEditor", "CRuntimeHooks"]),
        // The Swift runtime's hooks: the global executor's queue (owned on virtual time) and how async main runs the main queue.
        .target(name: "CRuntimeHooks"),
        // Scripts, transcripts and screens in `swift test`: issues at the script's own lines.
        .target(name: "ViewModelREPLTesting", dependencies: ["ViewModelREPL"]),

        // MARK: libedit, reached only through the LineEditor wrapper
        .systemLibrary(name: "CLibEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"]), .brew(["libedit"])]),
        .target(name: "LineEditor", dependencies: ["CLibEdit"]),

        // MARK: Example screens (ports of the seeds) and the executable that hosts them
        .target(
            name: "ExampleScreens",
            dependencies: ["ViewModelKit", "ViewModelREPL"],
            path: "Examples/ExampleScreens",
            exclude: ["Posts/posts.json"]
        ),
        .executableTarget(name: "vmrepl", dependencies: ["ViewModelREPL", "ExampleScreens"]),
        // How an app team embeds the REPL: a tiny executable registering its own view models.
        .executableTarget(name: "counter-repl", dependencies: ["ViewModelKit", "ViewModelREPL"], path: "Examples/CounterREPL"),
        // A view model as app teams write it (@Observable, async methods, a didSet's own Task), hosted as written.
        .executableTarget(name: "search-repl", dependencies: ["ViewModelREPL"], path: "Examples/SearchREPL", exclude: ["search.vmrepl"]),
        // A test app outside the examples: a Codable state of ordinary Swift values, as people read them.
        .executableTarget(name: "values-repl", dependencies: ["ViewModelKit", "ViewModelREPL"], path: "TestApps/ValuesREPL"),
        // A test app of hostile shapes hosted as written: odd numbers and keys, closures, wrappers, deep and shared values, actors.
        .executableTarget(name: "shapes-repl", dependencies: ["ViewModelREPL"], path: "TestApps/ShapesREPL"),
        // A test app of the ways apps schedule work: an observer started in init, the main queue, timers, tasks off the main actor.
        .executableTarget(name: "scheduling-repl", dependencies: ["ViewModelREPL"], path: "TestApps/SchedulingREPL", exclude: ["scripts"]),
        .executableTarget(name: "outputs-repl", dependencies: ["ViewModelREPL"], path: "TestApps/OutputsREPL", exclude: ["scripts"]),

        // MARK: Screens generated from a target's symbol graph: the generator and its command plugin
        .executableTarget(name: "vmrepl-screens", path: "Sources/ScreenGenerator"),
        .plugin(
            name: "VMReplScreens",
            capability: .command(
                intent: .custom(verb: "vmrepl-screens", description: "Write the Swift file that registers every view model of a target as a vmrepl screen"),
                permissions: [.writeToPackageDirectory(reason: "It writes the generated screens file the --output option names.")]),
            dependencies: ["vmrepl-screens"]),
        .plugin(
            name: "VMReplScreensCheck",
            capability: .command(
                intent: .custom(verb: "vmrepl-screens-check", description: "Check that the generated screens file is what vmrepl-screens writes")),
            dependencies: ["vmrepl-screens"]),
        // Examples/App is an app's own package using them, as a team's would: vmrepl is its dependency.

        // MARK: The benchmark's reference for encoding and decoding a big state (`make bench`)
        .executableTarget(name: "vmrepl-bench", dependencies: ["ExampleScreens", "ViewModelKit"], path: "Bench", exclude: ["bench.py", "echo_mcp_server.py"]),

        // MARK: Fuzzing: built with -sanitize=fuzzer by `make fuzz`; otherwise it replays saved inputs
        .executableTarget(name: "vmrepl-fuzz", dependencies: ["ViewModelREPL", "ExampleScreens"], path: "Fuzz", exclude: ["corpus"]),

        // MARK: Tests
        .target(name: "TestSupport", dependencies: ["ViewModelREPL", "ExampleScreens"], path: "Tests/TestSupport"),
        .testTarget(name: "ViewModelKitTests", dependencies: ["ViewModelKit"]),
        .testTarget(name: "ViewModelREPLTests", dependencies: ["ViewModelREPL", "ExampleScreens", "TestSupport"]),
        .testTarget(name: "LineEditorTests", dependencies: ["LineEditor"]),
        .testTarget(name: "EndToEndTests", dependencies: ["vmrepl", "counter-repl", "search-repl", "values-repl", "shapes-repl", "TestSupport"]),
        .testTarget(name: "ViewModelREPLTestingTests", dependencies: ["ViewModelREPLTesting", "ExampleScreens"], exclude: ["Scripts"]),
        .testTarget(name: "ExampleScreensTests", dependencies: ["ExampleScreens", "ViewModelKit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets where target.type != .system && target.type != .plugin {
    target.swiftSettings = (target.swiftSettings ?? []) + strict
}
