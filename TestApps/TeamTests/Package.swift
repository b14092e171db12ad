// swift-tools-version:6.2
// An app team's own package: its screens, and its tests through vmrepl's public products only.
import PackageDescription

let package = Package(
    name: "TeamTests",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "vmrepl", path: "../..")],
    targets: [
        .target(name: "TeamScreens", dependencies: [.product(name: "ViewModelKit", package: "vmrepl"), .product(name: "ViewModelREPL", package: "vmrepl")]),
        .testTarget(
            name: "TeamScreensTests",
            dependencies: ["TeamScreens", .product(name: "ViewModelREPLTesting", package: "vmrepl")],
            exclude: ["Scripts"]
        ),
    ]
)
