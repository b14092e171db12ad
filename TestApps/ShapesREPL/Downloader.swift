/// A view model that starts its work in `init`, as many do: a download in steps on the clock it is given.
@MainActor
final class Downloader {
    var progress = 0
    var isDone = false

    init(clock: any Clock<Duration>) {
        Task {
            for _ in 0..<5 {
                try await clock.sleep(for: .seconds(1))
                progress += 20
            }
            isDone = true
        }
    }
}
