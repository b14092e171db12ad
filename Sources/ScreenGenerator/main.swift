import Foundation

// vmrepl-screens: writes the Swift file that registers a module's view models as screens, from
// its symbol graph. The package's command plugin `vmrepl-screens` runs it; it can also be run by hand:
//   vmrepl-screens --module App --symbol-graphs DIR --output FILE [--type NAME] [--check] [--command TEXT]
// --check writes nothing and exits 1 when FILE is missing or not what would be written; --type names
// the generated enum (GeneratedScreens by default). Each class not hosted is a `warning:` line on stderr.

let usage = "usage: vmrepl-screens --module NAME --symbol-graphs DIR --output FILE [--type NAME] [--check] [--command TEXT]\n"
var arguments = CommandLine.arguments.dropFirst()
var options: [String: String] = [:]
var check = false
while let argument = arguments.popFirst() {
    if argument == "--check" {
        check = true
        continue
    }
    if argument == "--help" || argument == "-h" {
        print(usage, terminator: "")
        exit(0)
    }
    guard argument.hasPrefix("--"), let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("vmrepl-screens: unexpected \(argument)\n\(usage)".utf8))
        exit(2)
    }
    options[String(argument.dropFirst(2))] = value
}
guard let module = options["module"], let directory = options["symbol-graphs"], let output = options["output"] else {
    FileHandle.standardError.write(Data(usage.utf8))
    exit(2)
}
let graphURL = URL(fileURLWithPath: directory).appendingPathComponent("\(module).symbols.json")
let graph: SymbolGraph
do {
    guard FileManager.default.fileExists(atPath: graphURL.path) else { throw Unreadable(reason: "no such file") }
    let data: Data
    do { data = try Data(contentsOf: graphURL) } catch { throw Unreadable(reason: "it cannot be opened") }
    graph = try JSONDecoder().decode(SymbolGraph.self, from: data)
} catch {
    FileHandle.standardError.write(Data("vmrepl-screens: cannot read \(graphURL.path): \(Unreadable.reason(error))\n".utf8))
    exit(1)
}
let plan = ScreenPlan(module: module, graph: graph)
let command = options["command"] ?? "swift package --allow-writing-to-package-directory vmrepl-screens --target \(module) --output \(output)"
let typeName = options["type"] ?? "GeneratedScreens"
guard !typeName.isEmpty, !GeneratedFile.isRaw(typeName), !GeneratedFile.keywords.contains(typeName), typeName.first?.isNumber == false else {
    FileHandle.standardError.write(Data("vmrepl-screens: --type \(typeName) is not a Swift type name\n".utf8))
    exit(2)
}
// The generated names are checked before anything is written, by the rule ScreenRegistry applies
// when the app starts: a name it refuses would build and then stop the app at launch.
let refused =
    plan.screens.filter { !ScreenPlan.isScreenName($0.name) }.map { "\($0.typeName) as '\($0.name)'" }
    + Dictionary(grouping: plan.screens, by: \.name).filter { $0.value.count > 1 }.keys.sorted().map { "two screens as '\($0)'" }
guard refused.isEmpty else {
    FileHandle.standardError.write(Data("error: vmrepl-screens: screen names ScreenRegistry refuses: \(refused.joined(separator: "; "))\n".utf8))
    exit(1)
}
let text = GeneratedFile.text(plan, command: command, type: typeName)
for skipped in plan.skipped {
    FileHandle.standardError.write(Data("warning: not hosted: \(skipped)\n".utf8))
}
let existing = try? String(contentsOfFile: output, encoding: .utf8)
if check {
    guard existing != nil else {
        FileHandle.standardError.write(Data("vmrepl-screens: \(output) is missing; run \(command)\n".utf8))
        exit(1)
    }
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

/// Why a symbol graph cannot be read, in one line.
struct Unreadable: Error {
    let reason: String

    static func reason(_ error: any Error) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop { $0 == "." })
        }
        switch error {
        case let error as Unreadable: return error.reason
        case DecodingError.keyNotFound(let key, let context): return "no \"\(key.stringValue)\" at \(path(context)), so not a symbol graph"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "an unexpected value at \(path(context)), so not a symbol graph"
        case DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? "not JSON" : "an unreadable value at \(path(context))"
        default: return "not a symbol graph"
        }
    }
}
