// swift-tools-version:6.2
// An app's package laid out as modular apps are: its view models in a library (App), and an
// executable (AppREPL) that hosts every one of them in vmrepl, through screens the package's
// command plugin generates:
//   swift package --allow-writing-to-package-directory vmrepl-screens --target App --output Sources/AppREPL/Screens.generated.swift
//   swift run AppREPL
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "vmrepl", path: "../..")],
    targets: [
        // Built for testing, so the generated file's `@testable import App` reaches internal members.
        .target(name: "App", dependencies: [.product(name: "ViewModelKit", package: "vmrepl")], swiftSettings: [.unsafeFlags(["-enable-testing"])]),
        .executableTarget(
            name: "AppREPL", dependencies: ["App", .product(name: "ViewModelREPL", package: "vmrepl")],
            exclude: ["app.vmrepl", "outputs.vmrepl", "outputs.json"]),
    ]
)
