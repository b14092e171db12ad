import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory vmrepl-screens --target App --output FILE [--check]`:
/// writes FILE, the Swift file registering every view model of target `App` as a screen, from the
/// target's symbol graph (internal members included); `--check` only says whether FILE is up to date.
@main
struct VMReplScreens: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let check = extractor.extractFlag(named: "check") > 0
        guard let name = extractor.extractOption(named: "target").first, let output = extractor.extractOption(named: "output").first else {
            throw Failure("usage: swift package --allow-writing-to-package-directory vmrepl-screens --target TARGET --output FILE [--check]")
        }
        guard let target = try context.package.targets(named: [name]).first as? SwiftSourceModuleTarget else {
            throw Failure("vmrepl-screens: \(name) is not a Swift target of this package")
        }
        let graphs = try packageManager.getSymbolGraph(
            for: target, options: .init(minimumAccessLevel: .internal, includeSynthesized: false, includeSPI: false, emitExtensionBlocks: false))
        let file = output.hasPrefix("/") ? URL(fileURLWithPath: output) : context.package.directoryURL.appending(path: output)
        let process = Process()
        process.executableURL = try context.tool(named: "vmrepl-screens").url
        process.arguments =
            [
                "--module", target.moduleName, "--symbol-graphs", graphs.directoryURL.path, "--output", file.path,
                "--command", "swift package --allow-writing-to-package-directory vmrepl-screens --target \(name) --output \(output)",
            ] + (check ? ["--check"] : [])
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("vmrepl-screens: exit status \(process.terminationStatus)") }
    }

    /// An error whose text is all the user needs.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
