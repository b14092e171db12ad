import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory vmrepl-screens --target App --output FILE [--type NAME] [--check]`:
/// writes FILE, the Swift file registering every view model of target `App` as a screen, from the
/// target's symbol graph (internal members and what protocol extensions give included); `--check`
/// only says whether FILE is up to date. Each class left out is a warning, with why.
@main
struct VMReplScreens: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let check = extractor.extractFlag(named: "check") > 0
        let type = extractor.extractOption(named: "type").first
        guard let name = extractor.extractOption(named: "target").first, let output = extractor.extractOption(named: "output").first else {
            throw Failure(
                "usage: swift package --allow-writing-to-package-directory vmrepl-screens --target TARGET --output FILE [--type NAME] [--check]")
        }
        guard let target = try context.package.targets(named: [name]).first as? SwiftSourceModuleTarget else {
            throw Failure("vmrepl-screens: \(name) is not a Swift target of this package")
        }
        let package = context.package.directoryURL.standardizedFileURL
        let file = (output.hasPrefix("/") ? URL(fileURLWithPath: output) : package.appending(path: output)).standardizedFileURL
        // The plugin may write only inside the package: a path that leads out of it is refused before anything runs.
        guard file.path.hasPrefix(package.path.hasSuffix("/") ? package.path : package.path + "/") else {
            throw Failure("vmrepl-screens: --output \(output) is outside the package at \(package.path); name a file inside it")
        }
        // Private classes are in the graph so that the file can say why it leaves them out.
        let graphs = try packageManager.getSymbolGraph(
            for: target, options: .init(minimumAccessLevel: .private, includeSynthesized: true, includeSPI: false, emitExtensionBlocks: false))
        let process = Process()
        process.executableURL = try context.tool(named: "vmrepl-screens").url
        let typeArguments = type.map { ["--type", $0] } ?? []
        process.arguments =
            ["--module", target.moduleName, "--symbol-graphs", graphs.directoryURL.path, "--output", file.path]
            + typeArguments
            + [
                "--command",
                (["swift package --allow-writing-to-package-directory vmrepl-screens --target", name, "--output", output] + typeArguments).joined(
                    separator: " "),
            ] + (check ? ["--check"] : [])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        for line in text.split(separator: "\n") {
            if line.hasPrefix("warning: ") {
                Diagnostics.warning(String(line.dropFirst("warning: ".count)))
            } else {
                Diagnostics.error(String(line))
            }
        }
        guard process.terminationStatus == 0 else { throw Failure("vmrepl-screens: exit status \(process.terminationStatus)") }
    }

    /// An error whose text is all the user needs.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
