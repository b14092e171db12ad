import Foundation
import Observation
import Testing
import ViewModelKit

@testable import ViewModelREPL

/// A screen's event catalog is worked out from its samples when it is first needed, once.
struct ScreenRegistryTests {
    /// How many times a sample event was encoded (under a lock of its own: `Mutex` needs macOS 15).
    static let encodings = Counter()

    /// A count any thread may add to.
    final class Counter: @unchecked Sendable {
        // Unchecked: `count` is read and written under `lock` only.
        private let lock = NSLock()
        private var count = 0

        func withLock<Result>(_ body: (inout Int) -> Result) -> Result {
            lock.withLock { body(&count) }
        }
    }

    enum CountedEvent: Codable {
        case tapped(times: Int)

        func encode(to encoder: any Encoder) throws {
            ScreenRegistryTests.encodings.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            var arguments = container.nestedContainer(keyedBy: TappedCodingKeys.self, forKey: .tapped)
            if case .tapped(let times) = self { try arguments.encode(times, forKey: .times) }
        }
    }

    @MainActor
    @Observable
    final class CountedViewModel: ViewModel {
        var viewState = 0
        func handle(event: CountedEvent) {}
    }

    @MainActor
    @Test func samplesAreEncodedWhenTheCatalogIsFirstAskedFor() {
        var registry = ScreenRegistry()
        registry.register("counted", summary: "counts encodings", events: [CountedEvent.tapped(times: 1)]) { _ in CountedViewModel() }
        #expect(Self.encodings.withLock { $0 } == 0, "registering encodes nothing")
        let catalog = registry.definitions[0].catalog
        #expect(catalog.names == ["tapped"])
        #expect(catalog.events.first?.arguments.map(\.name) == ["times"])
        _ = registry.definitions[0].catalog
        #expect(Self.encodings.withLock { $0 } == 1, "the catalog is made once")
    }
}
