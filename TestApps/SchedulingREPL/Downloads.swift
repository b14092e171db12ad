import Foundation

/// A download's progress, as a service reports it.
struct DownloadUpdate: Sendable {
    let id: String
    let percent: Int
}

/// Downloads files in four steps of 250 ms on the clock it is given, and tells every listener how far each has got.
final class DownloadService: Sendable {
    let updates: AsyncStream<DownloadUpdate>
    private let continuation: AsyncStream<DownloadUpdate>.Continuation
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
        (updates, continuation) = AsyncStream.makeStream()
    }

    func start(_ id: String) async {
        for step in 1...4 {
            try? await clock.sleep(for: .milliseconds(250))
            continuation.yield(DownloadUpdate(id: id, percent: step * 25))
        }
    }
}

/// Loadle's shape: an endless observer of the service's updates started in `init`, never ending.
@MainActor
final class DownloadViewModel {
    private(set) var progress: [String: Int] = [:]
    private let service: DownloadService

    init(service: DownloadService) {
        self.service = service
        Task { [weak self, updates = service.updates] in
            for await update in updates { self?.progress[update.id] = update.percent }
        }
    }

    func download(_ id: String) async {
        progress[id] = 0
        await service.start(id)
    }
}
