import Foundation
import TestSupport
import Testing

/// A long random session checked against a model of what must happen.
struct RandomSessionTests {
    /// 100,000 random commands, valid and not, with loads and cancels between them; every reply is
    /// checked against a model of the foo screen and of the protocol's promises.
    @Test(.timeLimit(.minutes(2)))
    func randomSessionKeepsEveryPromise() async throws {
        var random = SplitMix(seed: 20_261_202)
        var model = FooModel()
        var script: [String] = []
        var expected: [Expectation] = []
        var screen = "none"
        for _ in 0..<100_000 {
            let (line, expectation) = model.next(&random, screen: &screen)
            script.append(line)
            expected.append(expectation)
        }
        let transcript = try await SessionTranscript.run(script).parsed()
        #expect(transcript.lines.compactMap { $0["seq"] as? Int } == Array(0..<transcript.lines.count))
        let replies = transcript.replies
        try #require(replies.count == script.count)
        var mismatches = 0
        for (index, (reply, expectation)) in zip(replies, expected).enumerated() where !expectation.matches(reply) {
            mismatches += 1
            if mismatches <= 5 { Issue.record("line \(index + 1) '\(script[index])': expected \(expectation), got \(json(reply))") }
        }
        #expect(mismatches == 0)
        #expect(transcript.pushes.allSatisfy { $0["screen"] as? String == "users" })
        var loads = LoadStateChecker()
        var problems = 0
        for line in transcript.lines {
            let command = (line["line"] as? Int).map { script[$0 - 1] } ?? ""
            guard let problem = loads.check(line, command: command) else { continue }
            problems += 1
            if problems <= 5 { Issue.record("\(problem): \(json(line))") }
        }
        #expect(problems == 0)
        #expect(loads.checked > 1000)
    }
}

/// Follows the users screen's real `LoadState` line by line and checks each step against the
/// rules: a load from a settled phase is one more attempt, one that replaces a load in flight is
/// the same attempt, a cancel restores exactly what was shown before the load, a finished load
/// is loaded (attempt 0) or failed (same attempt, value kept).
struct LoadStateChecker {
    /// What a line shows of the load.
    struct Shown: Equatable {
        var phase: String
        var value: String
        var failure: String
        var attempt: Int
    }

    private var last = Shown(phase: "initial", value: "null", failure: "null", attempt: 0)
    private var beforeLoad: Shown?
    private(set) var checked = 0

    /// Checks one output line; returns what is wrong with it, if anything.
    mutating func check(_ line: [String: Any], command: String) -> String? {
        guard line["screen"] as? String == "users", line["model"] as? String == "real", let users = value(line, "state.users") as? [String: Any] else {
            return nil
        }
        checked += 1
        let shown = Shown(
            phase: users["phase"] as? String ?? "?", value: json(users["value"]), failure: json(users["failure"]), attempt: users["attempt"] as? Int ?? -1)
        defer { last = shown }
        let starts = ["load", "retry", "event loadTapped"].contains(command)
        if line["push"] as? Bool == true || (last.phase == "loading" && shown.phase != "loading" && !starts && command != "cancel") {
            return finished(shown)
        }
        if starts {
            if last.phase == "loading" { return shown == last ? nil : "a load that replaces the one in flight changed the state" }
            beforeLoad = last
            let expected = Shown(phase: "loading", value: last.value, failure: "null", attempt: last.attempt + 1)
            return shown == expected ? nil : "a load should start as \(expected)"
        }
        if command == "cancel", last.phase == "loading" {
            defer { beforeLoad = nil }
            return shown == beforeLoad ? nil : "a cancel should restore \(String(describing: beforeLoad))"
        }
        return shown == last ? nil : "\(command) changed the load's state"
    }

    private mutating func finished(_ shown: Shown) -> String? {
        defer { beforeLoad = nil }
        guard last.phase == "loading" else { return "a load finished that was not in flight" }
        switch shown.phase {
        case "loaded":
            return shown.attempt == 0 && shown.failure == "null" ? nil : "a loaded state counts no attempts and shows no failure"
        case "failed":
            let ok = shown.attempt == last.attempt && shown.value == last.value && shown.failure.contains("\"attempt\":\(last.attempt)")
            return ok ? nil : "a failure keeps the attempt and the last value"
        default:
            return "a finished load is loaded or failed"
        }
    }
}

/// What a reply must be.
enum Expectation: CustomStringConvertible {
    case error(String)
    case fooState(text: String, sheet: Bool, model: String)
    case event(String)
    case usersPhase(Set<String>)
    case type(String)

    func matches(_ reply: [String: Any]) -> Bool {
        switch self {
        case .error(let code):
            return reply["type"] as? String == "error" && reply["code"] as? String == code
        case .fooState(let text, let sheet, let model):
            return reply["type"] as? String == "state" && reply["model"] as? String == model
                && value(reply, "state.text") as? String == text && value(reply, "state.sheetIsPresented") as? Bool == sheet
        case .event(let name):
            return reply["type"] as? String == "event" && (reply["event"] as? [String: Any])?[name] != nil
        case .usersPhase(let phases):
            return reply["type"] as? String == "state" && phases.contains(value(reply, "state.users.phase") as? String ?? "")
        case .type(let type):
            return reply["type"] as? String == type
        }
    }

    var description: String {
        switch self {
        case .error(let code): "error \(code)"
        case .fooState(let text, let sheet, let model): "foo \(model) text=\(text) sheet=\(sheet)"
        case .event(let name): "recorded \(name)"
        case .usersPhase(let phases): "users phase in \(phases.sorted())"
        case .type(let type): type
        }
    }
}

/// The foo screen as the protocol promises it behaves, and the users screen's phases.
struct FooModel {
    var realText = "Nothing has happened yet."
    var realSheet = false
    var preview: (text: String, sheet: Bool)?
    var usersLoaded = false
    var usersEverLoaded = false
    var usersLoading = false
    var usersPreview = false

    mutating func next(_ random: inout SplitMix, screen: inout String) -> (String, Expectation) {
        let roll = random.next(100)
        if roll < 4 || screen == "none" {
            let name = random.next(2) == 0 ? "foo" : "users"
            screen = name
            return ("use \(name)", name == "foo" ? fooState() : .usersPhase(usersPhases()))
        }
        if roll < 10 { return garbage(&random) }
        if screen == "users" { return users(&random, roll) }
        switch roll {
        case 10..<50:
            let events = ["hello", "goodbye", "present", "dismiss"]
            let event = events[random.next(4)]
            if preview != nil { return ("event \(event)", .event(event)) }
            switch event {
            case "hello": realText = "👋"
            case "goodbye": realText = "😢"
            case "present": realSheet = true
            default: realSheet = false
            }
            return ("event \(event)", fooState())
        case 50..<58:
            let text = "t\(random.next(1000))"
            preview = (text, preview?.sheet ?? realSheet)
            return ("mock text=\"\(text)\"", fooState())
        case 58..<62:
            let sheet = random.next(2) == 0
            preview = ("whole", sheet)
            return (#"mock state={"text":"whole","sheetIsPresented":\#(sheet)}"#, fooState())
        case 62..<68:
            preview = nil
            return ("real", fooState())
        case 68..<80:
            return (random.next(2) == 0 ? "state" : #"{"id":1,"cmd":"state"}"#, fooState())
        case 80..<88:
            let text = preview?.text ?? realText
            return ("expect text == \"\(text)\"", .type("ok"))
        default:
            return ("expect text == \"never\"", .error("expectation_failed"))
        }
    }

    private func fooState() -> Expectation {
        if let preview { return .fooState(text: preview.text, sheet: preview.sheet, model: "preview") }
        return .fooState(text: realText, sheet: realSheet, model: "real")
    }

    private func usersPhases() -> Set<String> {
        if usersPreview { return ["loaded"] }
        if usersLoading { return ["loading"] }
        if usersEverLoaded { return ["loaded", "failed", "initial"] }
        return ["initial"]
    }

    private mutating func users(_ random: inout SplitMix, _ roll: Int) -> (String, Expectation) {
        switch roll {
        case 10..<34:
            guard !usersPreview else { return ("load", .error("not_in_preview")) }
            usersLoading = true
            usersEverLoaded = true
            return ("load", .usersPhase(["loading"]))
        case 34..<46:
            guard !usersPreview else { return ("cancel", .error("not_in_preview")) }
            // Cancelling restores what was shown before the load (the checker follows exactly what);
            // with nothing in flight it changes nothing.
            usersLoading = false
            return ("cancel", .usersPhase(usersEverLoaded ? ["initial", "loaded", "failed"] : ["initial"]))
        case 46..<54:
            guard !usersPreview else { return ("retry", .error("not_in_preview")) }
            guard usersEverLoaded else { return ("retry", .error("nothing_to_retry")) }
            usersLoading = true
            return ("retry", .usersPhase(["loading"]))
        case 54..<66:
            // On virtual time a wait finishes the load in flight, also behind a preview.
            usersLoading = false
            return ("wait", .usersPhase(usersPhases()))
        case 66..<74:
            guard !usersPreview else { return ("event loadTapped", .event("loadTapped")) }
            usersLoading = true
            usersEverLoaded = true
            return ("event loadTapped", .usersPhase(["loading"]))
        case 74..<82:
            usersPreview = true
            return (#"mock users.phase="loaded""#, .usersPhase(["loaded"]))
        case 82..<92:
            usersPreview = false
            return ("real", .usersPhase(usersPhases()))
        default:
            return ("mock users={}", .error("bad_state"))
        }
    }

    private func garbage(_ random: inout SplitMix) -> (String, Expectation) {
        let cases: [(String, Expectation)] = [
            ("frobnicate now", .error("unknown_command")),
            ("use nowhere", .error("unknown_screen")),
            ("event", .error("bad_arguments")),
            ("{\"cmd\":", .error("invalid_json")),
            ("{\"cmd\":\"use\"}", .error("bad_arguments")),
            ("event hello x=\"unterminated", .error("invalid_json")),
            ("mock state={\"a\":[[[[", .error("invalid_json")),
            ("wait until [", .error("bad_arguments")),
            ("bell \u{07}", .error("control_character")),
            ("advance forever", .error("bad_arguments")),
        ]
        return cases[random.next(cases.count)]
    }
}

/// A tiny seeded generator for the stress test's commands.
/// A small, seeded generator (SplitMix64), so a failing run can be run again.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func next(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }
}
