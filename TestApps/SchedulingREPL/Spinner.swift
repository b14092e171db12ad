import Foundation

/// A view model whose block posts itself to the main queue again, changing its state every turn:
/// the main queue never goes quiet while it spins.
@MainActor
final class SpinnerViewModel {
    private(set) var turns = 0
    private var spinning = false
    /// Where the block posts itself: the main dispatch queue, the main run loop, or the main operation queue.
    private var via = "queue"

    func spin() {
        spinning = true
        via = "queue"
        repost()
    }

    /// Spins through `RunLoop.main.perform`.
    func spinRunLoop() {
        spinning = true
        via = "runloop"
        repost()
    }

    /// Spins through `OperationQueue.main`.
    func spinOperations() {
        spinning = true
        via = "operations"
        repost()
    }

    func stop() {
        spinning = false
    }

    private func repost() {
        let turn: @Sendable () -> Void = { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.spinning else { return }
                self.turns += 1
                self.repost()
            }
        }
        switch via {
        case "runloop": RunLoop.main.perform(turn)
        case "operations": OperationQueue.main.addOperation(turn)
        default: DispatchQueue.main.async(execute: turn)
        }
    }
}
