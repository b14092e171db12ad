import Foundation

/// A view model whose block posts itself to the main queue again, changing its state every turn:
/// the main queue never goes quiet while it spins.
@MainActor
final class SpinnerViewModel {
    private(set) var turns = 0
    private var spinning = false

    func spin() {
        spinning = true
        repost()
    }

    func stop() {
        spinning = false
    }

    private func repost() {
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated {
                guard let self, self.spinning else { return }
                self.turns += 1
                self.repost()
            }
        }
    }
}
