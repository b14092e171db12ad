// The reference for the big-state figure of `make bench`: Foundation's JSONEncoder and JSONDecoder
// on the same 10,000-post state vmrepl prints and mocks. Prints "encode/s decode/s".
import ExampleScreens
import Foundation
import ViewModelKit

let count = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 10_000
let rounds = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 50
let posts = (1...count).map { Post(id: $0, title: "Post number \($0)", body: "The body of post \($0), long enough to look like one.") }
let state = PostsViewState(posts: .loaded(posts))
let encoder = JSONEncoder()
encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
let decoder = JSONDecoder()

var data = Data()
let encodeStart = ContinuousClock.now
for _ in 0..<rounds { data = try encoder.encode(state) }
let encodeTime = ContinuousClock.now - encodeStart

let decodeStart = ContinuousClock.now
for _ in 0..<rounds { _ = try decoder.decode(PostsViewState.self, from: data) }
let decodeTime = ContinuousClock.now - decodeStart

func perSecond(_ duration: Duration) -> Double {
    Double(rounds) / (Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
}
print(String(format: "%.1f %.1f", perSecond(encodeTime), perSecond(decodeTime)))
