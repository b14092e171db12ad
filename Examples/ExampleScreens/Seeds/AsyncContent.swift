import Foundation
import Observation
import ViewModelKit

/// Seed 001's states: loading, the loaded data, or the error the load threw.
public enum AsyncContentState<Data> {
    case loading
    case loaded(Data)
    case error(any Error)
}

/// Seed 001 as written, without its view: the `load` closure, the state, `loadContent()` filtering
/// cancellation out, and the error view's retry. The view's `.task` is the screen's `load`.
@MainActor
@Observable
public final class AsyncContentLoader<Data> {
    var state: AsyncContentState<Data> = .loading
    @ObservationIgnored var load: () async throws -> Data

    public init(load: @escaping () async throws -> Data) {
        self.load = load
    }

    func loadContent() async {
        do {
            let data = try await load()
            state = .loaded(data)
        } catch {
            // Filter cancellation errors - don't show error UI
            if error is CancellationError {
                return
            }
            state = .error(error)
        }
    }

    /// What the error view's retry button does.
    func retry() async {
        state = .loading
        await loadContent()
    }
}

extension AsyncContentLoader where Data == String {
    /// The seed's preview load: a second on `clock`, then a greeting or a bad server response.
    public static func previewLoad(clock: any Clock<Duration>, coin: CoinFlips) -> () async throws -> String {
        {
            try await clock.sleep(for: .seconds(1.0))
            if coin.flip() {
                return "Hello, World!"
            } else {
                throw URLError(.badServerResponse)
            }
        }
    }
}
