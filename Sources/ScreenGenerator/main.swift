import Foundation

// vmrepl-screens: writes the Swift file that registers a module's view models as screens, from
// its symbol graph. The package's command plugin `vmrepl-screens` runs it; it can also be run by hand:
//   vmrepl-screens --module App --symbol-graphs DIR --output FILE [--check] [--command TEXT]
// --check writes nothing and exits 1 when FILE is not what would be written.

var arguments = CommandLine.arguments.dropFirst()
var options: [String: String] = [:]
var check = false
while let argument = arguments.popFirst() {
    if argument == "--check" { check = true; continue }
    guard argument.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("vmrepl-screens: unexpected \(argument)\n".utf8))
        exit(2)
    }
    options[String(argument.dropFirst(2))] = value
}
guard let module = options["module"], let directory = options["symbol-graphs"], let output = options["output"] else {
    FileHandle.standardError.write(Data("usage: vmrepl-screens --module NAME --symbol-graphs DIR --output FILE [--check]\n".utf8))
    exit(2)
}
let graphURL = URL(fileURLWithPath: directory).appendingPathComponent("\(module).symbols.json")
let graph: SymbolGraph
do {
    graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: graphURL))
} catch {
    FileHandle.standardError.write(Data("vmrepl-screens: cannot read \(graphURL.path): \(error)\n".utf8))
    exit(1)
}
let plan = ScreenPlan(module: module, graph: graph)
let command = options["command"] ?? "swift package --allow-writing-to-package-directory vmrepl-screens --target \(module) --output \(output)"
let text = GeneratedFile.text(plan, command: command)
let existing = try? String(contentsOfFile: output, encoding: .utf8)
if check {
    guard existing == text else {
        FileHandle.standardError.write(Data("vmrepl-screens: \(output) is out of date with \(module)'s view models; run \(command)\n".utf8))
        exit(1)
    }
    print("vmrepl-screens: \(output) is up to date (\(plan.screens.count) screens)")
    exit(0)
}
if existing != text {
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("vmrepl-screens: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
print("vmrepl-screens: \(plan.screens.count) screens of \(module) in \(output)" + (existing == text ? " (unchanged)" : ""))
