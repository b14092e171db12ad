import Foundation
import ViewModelKit

/// The greeting screen: asynchronous content that loads in 1 s and fails at random, with a retry.
public enum GreetingScreen {
    /// The greeting a successful load shows.
    public static let greeting = "Hello, World!"
    /// How long a load takes on the injected clock.
    public static let loadDuration = Duration.seconds(1)

    /// Makes the screen's view model.
    /// - Parameters:
    ///   - clock: What a load waits on.
    ///   - random: Decides whether each load succeeds.
    @MainActor
    public static func makeViewModel(
        clock: any Clock<Duration> = ContinuousClock(),
        random: any RandomNumberGenerator = SystemRandomNumberGenerator()
    ) -> AsyncContentViewModel<String> {
        AsyncContentViewModel(load: randomFetch(clock: clock, random: random))
    }

    /// The demonstration's greeting service: each call takes 1 s and fails at random.
    public static func randomFetch(clock: any Clock<Duration>, random: any RandomNumberGenerator) -> @Sendable () async throws -> String {
        let coin = CoinFlips(random)
        return {
            try await clock.sleep(for: loadDuration)
            // The coin is flipped only by a load that ran its full time, so a cancelled load does not
            // shift the outcomes of later ones under a fixed seed.
            guard coin.flip() else {
                throw URLError(.badServerResponse, userInfo: [NSLocalizedDescriptionKey: "the server sent a bad response"])
            }
            return greeting
        }
    }
}
