import ExampleScreens
import Foundation
import ViewModelREPL

// vmrepl with the example screens. `--posts-url URL` (or VMREPL_POSTS_URL) points the posts screen at a server.
var arguments = Array(CommandLine.arguments.dropFirst())
var postsURL = ProcessInfo.processInfo.environment[ExampleScreens.postsURLVariable].flatMap(URL.init(string:))
if let index = arguments.firstIndex(where: { $0 == "--posts-url" || $0.hasPrefix("--posts-url=") }) {
    let option = arguments.remove(at: index)
    let value = option.contains("=") ? String(option.split(separator: "=", maxSplits: 1)[1]) : (index < arguments.count ? arguments.remove(at: index) : "")
    postsURL = URL(string: value)
}
await REPLMain.run(
    screens: ExampleScreens.registry(postsURL: postsURL),
    arguments: arguments,
    extraOptions: [("--posts-url=URL", "load the posts screen from URL (also \(ExampleScreens.postsURLVariable))")]
)
