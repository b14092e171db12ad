import Observation
import Testing

@testable import ViewModelREPL

/// An `@Observable` class with two fields, one of them not shown.
@MainActor
@Observable
private final class Gauge {
    var level = 0
    var note = ""
    @ObservationIgnored var untracked = 0
}

/// How a hosted class's own changes are heard: through Observation for the key paths shown.
@MainActor
@Suite struct ModelObservationTests {
    private func screen(for gauge: Gauge, fields: [ScreenField<Gauge>]?) -> ReflectedScreen<Gauge> {
        ReflectedScreen(
            name: "gauge", catalog: EventCatalog(events: []), model: gauge, fields: fields, actions: [], bindings: [], isOnVirtualTime: true)
    }

    @Test func aShownFieldIsHeardOnceUntilItsStateIsShownAgain() throws {
        let gauge = Gauge()
        let screen = screen(for: gauge, fields: [.field("level", \.level), .field("untracked", \.untracked)])
        var heard: [Bool] = []
        screen.watch { heard.append($0) }
        gauge.level = 1
        #expect(heard == [true])
        // Observation reports one change; the session watches again once it has shown the state.
        gauge.level = 2
        #expect(heard == [true])
        _ = try screen.encodedState()
        screen.watch { heard.append($0) }
        // A field not shown, and one Observation does not track, are not heard (comparing finds the second).
        gauge.note = "x"
        gauge.untracked = 1
        #expect(heard == [true])
        gauge.level = 3
        #expect(heard == [true, true])
    }

    @Test func aChangeBehindThePreviewIsHeardAsHidden() throws {
        let gauge = Gauge()
        let screen = screen(for: gauge, fields: [.field("level", \.level)])
        try screen.mock(.object([("level", .int(9))]), given: nil)
        var heard: [Bool] = []
        screen.watch { heard.append($0) }
        gauge.level = 1
        #expect(heard == [false])
    }

    /// Read by reflection, an `@Observable` class's properties have no key path to observe: its
    /// changes are found by comparing, and nothing is heard.
    @Test func aClassReadByReflectionIsCompared() {
        let gauge = Gauge()
        let screen = screen(for: gauge, fields: nil)
        var heard: [Bool] = []
        screen.watch { heard.append($0) }
        gauge.level = 1
        #expect(heard.isEmpty)
    }
}
