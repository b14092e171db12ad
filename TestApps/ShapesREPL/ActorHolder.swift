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

/// A view model holding an actor, whose state another thread writes while the screen is shown.
@MainActor
final class ActorHolder {
    let store = Store()
    var rounds = 0

    init() {
        let store = store
        Task.detached { await store.churn(times: 200_000) }
    }

    func churn() async {
        rounds += 1
        await store.churn(times: 100)
    }
}
