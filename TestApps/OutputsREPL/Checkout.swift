import Foundation

/// What a paid order comes to.
struct Receipt: Codable, Sendable, Equatable {
    let id: Int
    let total: Int
}

/// A checkout that reports through two closure properties: the order paid (after a 1 s payment on
/// the clock it is given) and the flow cancelled.
@MainActor
final class CheckoutViewModel {
    private(set) var total = 30
    private(set) var isPaying = false
    var onFinished: ((Receipt) -> Void)?
    var onCancel: (() -> Void)?
    private let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
        self.clock = clock
    }

    func pay() async {
        isPaying = true
        try? await clock.sleep(for: .seconds(1))
        isPaying = false
        onFinished?(Receipt(id: 7, total: total))
    }

    func cancel() {
        onCancel?()
    }
}
