import Foundation

/// Checks a server address after a 500 ms round trip on the clock it is given.
struct HomeserverClient: Sendable {
    let clock: any Clock<Duration>

    func check(_ address: String) async -> Bool {
        try? await clock.sleep(for: .milliseconds(500))
        return address.hasSuffix(".org")
    }
}

/// Element X's shape: a nonisolated method starts a `Task` off the main actor, which hops back to
/// set the state; and a `Task.detached` that computes a summary.
@MainActor
final class HomeserverViewModel {
    private(set) var isLoading = false
    private(set) var alert: String?
    private(set) var summary: String?
    private let client: HomeserverClient

    init(client: HomeserverClient) {
        self.client = client
    }

    nonisolated func configureHomeserver(_ address: String) {
        Task {
            await self.begin()
            let valid = await client.check(address)
            await self.end(address, valid: valid)
        }
    }

    func summarize() {
        Task.detached { [weak self] in
            let words = (1...1000).reduce(0) { $0 + $1 % 7 }
            await self?.show("checksum \(words)")
        }
    }

    private func begin() {
        isLoading = true
        alert = nil
    }

    private func end(_ address: String, valid: Bool) {
        isLoading = false
        alert = valid ? nil : "\(address) is not a homeserver"
    }

    private func show(_ text: String) {
        summary = text
    }
}
