import Foundation
import TestSupport
import Testing
import ViewModelREPL

/// A plain class (not `@Observable`) holding ordinary Swift values, hosted as written.
@MainActor
private final class Ledger {
    enum Phase {
        case idle
        case counted(Int)
        case failed(message: String)
        case moved(Int, Int)
    }

    var opened = Date(timeIntervalSince1970: 1_796_000_000)
    var tags: Set<String> = ["fr", "de", "en"]
    var note: String?
    var names: [Int: String] = [2: "b", 1: "a"]
    var home = URL(string: "https://example.com/a")!
    var phase = Phase.idle
    var hidden = 0
    var onChange: () -> Void = {}

    func count(_ value: Int) { phase = .counted(value) }
}

/// A child object a view model points at, strongly and weakly.
private final class Owner {
    var name = "Ada"
}

/// A view model whose stored properties include references that are not plain values: weak and
/// unowned ones, a struct holding a weak one, nested structs and an array of structs.
@MainActor
private final class Shelf {
    struct Spot {
        var row: Int
        var label: String?
    }

    struct Loose {
        weak var owner: Owner?
        var count = 1
    }

    let keeper = Owner()
    var spots = [Spot(row: 2, label: nil), Spot(row: 1, label: "b")]
    var nested = [[Spot(row: 3, label: "c")]]
    weak var borrowed: Owner?
    unowned var lent: Owner
    var loose = Loose()

    init() {
        lent = keeper
        borrowed = keeper
        loose.owner = keeper
    }
}

private enum LedgerError: Error {
    case broken
}

@Suite struct ReflectedValueTests {
    @MainActor
    private static func screens(fields: Bool = false) -> ScreenRegistry {
        var screens = ScreenRegistry()
        let actions: [ScreenAction<Ledger>] = [
            .action("count", "value") { (ledger, value: Int) in ledger.count(value) },
            .action("fail", "message") { (ledger, message: String) in ledger.phase = .failed(message: message) },
            .action("move") { $0.phase = .moved(1, 2) },
            .action("explode") { _ in throw LedgerError.broken },
            .action("explodeLater") { _ in
                await Task.yield()
                throw LedgerError.broken
            },
        ]
        if fields {
            screens.register("ledger", summary: "key paths", fields: [.field("phase", \.phase), .field("note", \.note)], actions: actions) { _ in Ledger() }
        } else {
            screens.register("ledger", summary: "reflection", actions: actions, bindings: [.binding("note", \.note), .binding("opened", \.opened)]) { _ in
                Ledger()
            }
        }
        return screens
    }

    @Test func valuesAreWrittenAsPeopleReadThemTheSameEveryRun() async throws {
        let input = ["use ledger", "event count value=3", #"event fail message="x""#, "event move", "describe"]
        let first = try await SessionTranscript.run(input, screens: Self.screens())
        let again = try await SessionTranscript.run(input, screens: Self.screens())
        #expect(first.text == again.text)
        #expect(
            json(value(first.reply(1), "state"))
                == #"{"hidden":0,"home":"https://example.com/a","names":{"1":"a","2":"b"},"note":null,"opened":"2026-11-30T00:53:20Z","phase":"idle","tags":["de","en","fr"]}"#
        )
        #expect(json(value(first.reply(2), "state.phase")) == #"{"counted":3}"#)
        #expect(json(value(first.reply(3), "state.phase")) == #"{"failed":{"message":"x"}}"#)
        #expect(json(value(first.reply(4), "state.phase")) == #"{"moved":[1,2]}"#)
        let fields = (value(first.reply(5), "fields") as? [[String: Any]] ?? []).map { "\($0["name"]!): \($0["type"]!)" }
        #expect(fields.contains("note: String?") && fields.contains("names: [Int: String]") && fields.contains("tags: Set<String>"))
        #expect(!fields.contains { $0.hasPrefix("onChange") })
        // An enum field lists its cases from its type, with no second type name; no schema is claimed.
        let phase = (value(first.reply(5), "fields") as? [[String: Any]])?.first { $0["name"] as? String == "phase" }
        #expect(phase?["cases"] as? [String] == ["counted(Int)", "failed(message: String)", "moved(Int, Int)", "idle"])
        #expect(phase?["swiftType"] == nil)
        #expect(value(first.reply(5), "stateSchema") == nil)
    }

    @Test func fieldsByKeyPathListTheirDeclaredTypesAndCases() async throws {
        let result = try await SessionTranscript.run(["use ledger", "describe"], screens: Self.screens(fields: true))
        let fields = (value(result.reply(2), "fields") as? [[String: Any]] ?? []).map { json($0) }
        #expect(
            fields == [
                #"{"name":"note","type":"String?"}"#,
                #"{"cases":["counted(Int)","failed(message: String)","moved(Int, Int)","idle"],"name":"phase","type":"Phase"}"#,
            ])
    }

    @Test func writeAndMockReadDatesBackAndRefuseWhatDoesNotDecode() async throws {
        let result = try await SessionTranscript.run(
            [
                "use ledger", #"write opened="2026-12-03T09:30:00.250Z" note="hi""#, #"write opened="soon""#, #"mock tags=["b","a"]"#, "real",
                #"mock note=3"#,
            ], screens: Self.screens())
        #expect(value(result.reply(2), "state.opened") as? String == "2026-12-03T09:30:00.250Z")
        #expect(value(result.reply(2), "state.note") as? String == "hi")
        #expect(result.reply(3)?["code"] as? String == "bad_arguments")
        // A set given unsorted would not show as given: refused, naming the field.
        #expect(result.reply(4)?["code"] as? String == "bad_state")
        #expect((result.reply(4)?["message"] as? String)?.contains("tags") == true)
        #expect(result.reply(6)?["code"] as? String == "bad_state")
        // A date given as the old number is the same value in another form, as on the protocol path.
        let number = try await SessionTranscript.run(["use ledger", "mock opened=721692800"], screens: Self.screens())
        #expect(value(number.reply(2), "state.opened") as? String == "2023-11-14T22:13:20Z")
    }

    @Test func weakAndUnownedReferencesAndNestedStructsAreReadSafely() async throws {
        var screens = ScreenRegistry()
        screens.register("shelf", summary: "references", actions: []) { _ in Shelf() }
        let result = try await SessionTranscript.run(["use shelf", "state", "state"], screens: screens)
        let expected =
            #"{"borrowed":{"name":"Ada"},"keeper":{"name":"Ada"},"lent":{"name":"Ada"},"loose":{"count":1,"owner":{"name":"Ada"}},"nested":[[{"label":"c","row":3}]],"spots":[{"label":null,"row":2},{"label":"b","row":1}]}"#
        #expect(json(value(result.reply(1), "state")) == expected)
        #expect(json(value(result.reply(2), "state")) == expected)
    }

    @Test func chosenKeyPathsShowOnlyThoseFields() async throws {
        let result = try await SessionTranscript.run(["use ledger", "event count value=1"], screens: Self.screens(fields: true))
        #expect(json(value(result.reply(1), "state")) == #"{"note":null,"phase":"idle"}"#)
        #expect(json(value(result.reply(2), "state")) == #"{"note":null,"phase":{"counted":1}}"#)
    }

    @Test func anActionThatThrowsIsAnErrorAtOnceOrAPushLater() async throws {
        let result = try await SessionTranscript.run(["use ledger", "event explode", "event explodeLater", "state"], screens: Self.screens())
        #expect(result.reply(2)?["code"] as? String == "action_failed")
        #expect((result.reply(2)?["message"] as? String)?.contains("'explode'") == true)
        #expect(result.reply(3)?["type"] as? String == "state")
        let pushed = result.pushes.filter { $0["code"] as? String == "action_failed" }
        #expect(pushed.count == 1)
        #expect(pushed.first?["line"] as? Int == 3)
        #expect(result.reply(4)?["type"] as? String == "state")
    }
}
