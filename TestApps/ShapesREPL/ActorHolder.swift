import Foundation

/// A store that changes its own state on its own executor.
actor Store {
    var values: [String] = []
    var generation = 0

    func churn(times: Int) {
        for index in 0..<times {
            values = (0..<(index % 64)).map { "value \($0) of \(index)" }
            generation += 1
        }
    }
}

/// A cache shared between threads, its state guarded by a lock (a `Sendable` class as teams write one).
final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: Int] = [:]

    func bump(_ key: String) {
        lock.lock()
        defer { lock.unlock() }
        entries[key, default: 0] += 1
    }
}

/// A view model holding an actor and a locked cache, whose states other threads write while the screen is shown.
@MainActor
final class ActorHolder {
    let store = Store()
    let cache = Cache()
    var rounds = 0

    init() {
        let store = store
        Task.detached { await store.churn(times: 200_000) }
        let cache = cache
        Task.detached {
            for index in 0..<200_000 { cache.bump("key \(index % 97)") }
        }
    }

    func churn() async {
        rounds += 1
        await store.churn(times: 100)
    }
}
