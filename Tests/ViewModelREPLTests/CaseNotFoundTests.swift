import Foundation
import Observation
import TestSupport
import Testing
import ViewModelKit

@testable import ViewModelREPL

/// What the refusals say of `CaseNotFoundTests.Stage`.
private let stageCases = #"stage is one of its cases, sent(Int), draft, written "case" or {"case": payload}"#

/// A value that names no case of its enum, in a mock, an event's argument or a `write`, is refused
/// as not one of the cases, with the cases listed: not "expected object" (a synthesized enum) or
/// "Cannot initialize" (a raw-value one), which say nothing a person can act on.
@MainActor
struct CaseNotFoundTests {
    enum Stage: Codable, Equatable, Sendable {
        case draft
        case sent(Int)
    }

    enum Tone: String, Codable, Sendable {
        case calm = "calm"
        case loud = "LOUD"
    }

    struct LetterState: Codable, Equatable, Sendable {
        var stage = Stage.draft
    }

    enum LetterEvent: Codable, Equatable, Sendable {
        case restore(stage: Stage)
    }

    @Observable
    final class Letter: ViewModel {
        var viewState = LetterState()
        func handle(event: LetterEvent) {
            if case .restore(let stage) = event { viewState.stage = stage }
        }
    }

    @Observable
    final class Speaker {
        var tone = Tone.calm
    }

    private static func registry() -> ScreenRegistry {
        var registry = ScreenRegistry()
        registry.register("letter", summary: "a state and an event argument of enum type", events: [LetterEvent.restore(stage: .draft)]) { _ in Letter() }
        registry.register("speaker", summary: "a bound raw-value enum", actions: [], bindings: [.binding("tone", \.tone)]) { _ in Speaker() }
        return registry
    }

    @Test(arguments: [
        (#"mock stage="nope""#, #"that is not a state of letter: "nope" is not a case: "# + stageCases + "; nothing changed"),
        ("mock stage=42", "that is not a state of letter: 42 is not a case: " + stageCases + "; nothing changed"),
        (#"event restore stage="nope""#, #"restore did not accept its arguments ("nope" is not a case: restore."# + stageCases + ")"),
    ])
    func aNameThatIsNoCaseOfAnEnumFieldOrArgumentListsTheCases(line: String, message: String) async throws {
        let transcript = try await SessionTranscript.run(["use letter", line], screens: Self.registry())
        let said = try #require(transcript.reply(2)?["message"] as? String)
        #expect(said.hasPrefix(message), "\(said)")
    }

    @Test func aWriteOfARawValueThatIsNoCaseListsTheRawValues() async throws {
        let transcript = try await SessionTranscript.run(["use speaker", #"write tone="loud""#, #"write tone="LOUD""#], screens: Self.registry())
        #expect(
            transcript.reply(2)?["message"] as? String
                == #"that is not a value of Tone for tone: "loud" is not a case: Tone is one of its cases, calm, LOUD, written "case" or {"case": payload}; nothing changed"#
        )
        #expect(transcript.reply(3)?["type"] as? String == "state")
    }
}
