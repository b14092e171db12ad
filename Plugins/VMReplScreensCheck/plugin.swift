import Foundation
import PackagePlugin

/// `swift package vmrepl-screens-check --target App --output FILE [--type NAME]`: whether FILE is what
/// `vmrepl-screens` would write, without asking to write anything (so CI needs no
/// `--allow-writing-to-package-directory`). Exits non-zero, saying "missing" or "out of date", when not.
@main
struct VMReplScreensCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let type = extractor.extractOption(named: "type").first
        guard let name = extractor.extractOption(named: "target").first, let output = extractor.extractOption(named: "output").first else {
            throw Failure("usage: swift package vmrepl-screens-check --target TARGET --output FILE [--type NAME]")
        }
        guard let target = try context.package.targets(named: [name]).first as? SwiftSourceModuleTarget else {
            throw Failure("vmrepl-screens-check: \(name) is not a Swift target of this package")
        }
        let package = context.package.directoryURL.standardizedFileURL
        let file = (output.hasPrefix("/") ? URL(fileURLWithPath: output) : package.appending(path: output)).standardizedFileURL
        let graphs = try packageManager.getSymbolGraph(
            for: target, options: .init(minimumAccessLevel: .private, includeSynthesized: true, includeSPI: false, emitExtensionBlocks: false))
        let typeArguments = type.map { ["--type", $0] } ?? []
        let process = Process()
        process.executableURL = try context.tool(named: "vmrepl-screens").url
        process.arguments =
            ["--module", target.moduleName, "--symbol-graphs", graphs.directoryURL.path, "--output", file.path, "--check"] + typeArguments
            + [
                "--command",
                (["swift package --allow-writing-to-package-directory vmrepl-screens --target", name, "--output", output] + typeArguments).joined(
                    separator: " "),
            ]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("vmrepl-screens-check: exit status \(process.terminationStatus)") }
    }

    /// An error whose text is all the user needs.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
