import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

/// Sessions checked on their reply values and error reasons, not on the sentences they print.
struct ReplyValueTests {
    /// The reply to each line, as values.
    private func replies(_ input: [String]) async throws -> [Reply] {
        Array(try await SessionTranscript.run(input).replyValues.dropFirst())
    }

    private func reason(_ reply: Reply?) -> ReplError.Reason? {
        if case .error(let error)? = reply { return error.reason }
        return nil
    }

    @Test func anUnknownEventNamesTheScreenAndItsEvents() async throws {
        let replies = try await replies(["use foo", "event helo"])
        #expect(reason(replies.last) == .unknownEvent("helo", screen: "foo", known: ["hello", "goodbye", "present", "dismiss"]))
    }

    @Test func aFailedExpectationCarriesTheConditionAndTheActualValue() async throws {
        let replies = try await replies(["use foo", "event hello", #"expect text == "hi""#])
        let condition = StateCondition(path: StatePath("text")!, op: .equals, value: .string("hi"))
        #expect(reason(replies.last) == .expectationFailed(condition, actual: .string("👋")))
    }

    @Test func mockingAMissingFieldNamesTheFieldsThereAre() async throws {
        let replies = try await replies(["use foo", "mock nope=1"])
        #expect(reason(replies.last) == .unknownStateField("nope", screen: "foo", known: ["sheetIsPresented", "text"]))
    }

    @Test func aLoadReplyIsAStateSnapshotMarkedLoading() async throws {
        let replies = try await replies(["use users", "load"])
        guard case .state(let snapshot)? = replies.last else {
            Issue.record("expected a state reply, got \(String(describing: replies.last))")
            return
        }
        #expect(snapshot.screen == "users")
        #expect(snapshot.model == .real)
        #expect(snapshot.isLoading)
    }

    @Test func thePreviewRecordsEventsAsTheyWereSent() async throws {
        let replies = try await replies(["use posts", #"mock query="x""#, "event select 3"])
        guard case .recorded(let recorded)? = replies.last else {
            Issue.record("expected a recorded event, got \(String(describing: replies.last))")
            return
        }
        #expect(recorded.event == .object([("select", .object([("id", .int(3))]))]))
        #expect(recorded.count == 1)
    }

    @Test func everyDurationTheClockHoldsIsAcceptedAndLongerOnesAreTooLong() async throws {
        let replies = try await replies([
            "advance 1000000000h", "advance 3000000000000000h", "advance soon", #"{"cmd":"advance","duration":1e30}"#,
            "advance 9000000000000000000s", "advance 9000000000000000000s", "advance 9000000000000000000s",
        ])
        guard case .clock(let now) = replies[0] else {
            Issue.record("expected the clock, got \(replies[0])")
            return
        }
        #expect(now == .seconds(3_600_000_000_000))
        #expect(reason(replies[1]) == .durationTooLong("3000000000000000h"))
        #expect(reason(replies[2]) == .badDuration("soon"))
        #expect(reason(replies[3]) == .durationTooLong("1e+30"))
        // Virtual time stops short of where adding durations would overflow.
        #expect(replies[4...].contains { reason($0) == .pastTheEndOfTime })
    }

    /// One limit, stated once and accepted at its edge: as text, as a JSON number, and for the clock.
    @Test func theLongestDurationIsAcceptedAndOneSecondMoreIsNot() async throws {
        let replies = try await replies([
            "advance 9000000000000000001s", #"{"cmd":"advance","duration":9223372036854775807}"#, "advance 9000000000000000000s", "advance 1s",
        ])
        #expect(reason(replies[0]) == .durationTooLong("9000000000000000001s"))
        #expect(reason(replies[1]) == .durationTooLong("9223372036854775807"))
        guard case .clock(let now) = replies[2] else {
            Issue.record("expected the clock, got \(replies[2])")
            return
        }
        #expect(now == .seconds(9_000_000_000_000_000_000))
        #expect(reason(replies[3]) == .pastTheEndOfTime)
        #expect(Messages.text(for: .durationTooLong("x")).contains("9000000000000000000s"))
    }

    /// `mock ["FIELD"]=VALUE` is checked as `mock FIELD=VALUE` is: a value that is not one of the
    /// field's cases is refused (the field named `state` is reached only in the quoted form), and
    /// the preview is not shown.
    @Test func theQuotedFormOfAMockedFieldIsChecked() async throws {
        let replies = try await replies(["use posts-tutorial", #"mock ["state"]="bogus""#, #"mock ["state"]=5"#, "state"])
        for reply in replies[1...2] {
            guard case .stateDoesNotDecode(_, let reason)? = reason(reply) else {
                Issue.record("expected the mock refused, got \(reply)")
                continue
            }
            #expect(reason.hasPrefix("state is one of its cases"))
        }
        guard case .state(let shown) = replies[3] else {
            Issue.record("expected the state, got \(replies[3])")
            return
        }
        #expect(shown.model == .real)
    }

    /// A number past what a type holds is said to be so, neither the wrong type nor invalid JSON.
    @Test func aNumberOutOfRangeIsRefusedAsOutOfRange() async throws {
        let replies = try await replies([
            #"{"cmd":"advance","duration":1e400}"#, "use posts", "event select id=99999999999999999999", "mock selectedPostID=1e400",
        ])
        #expect(reason(replies[0]) == .durationTooLong("1e400"))
        let event = try #require(reason(replies[2]))
        #expect(ReplError(event).message.contains("99999999999999999999 at select.id is out of the range its type holds"))
        #expect(reason(replies[3]) == .stateDoesNotDecode(screen: "posts", reason: "1e400 at selectedPostID is out of the range its type holds"))
    }

    @Test(.timeLimit(.minutes(1)))
    func aLoadBehindAPreviewFinishesOnVirtualTime() async throws {
        let transcript = try await SessionTranscript.run(["use users", "load", #"mock users.phase="failed""#, "wait", "real"], arguments: ["--timeout=1h"])
        let replies = Array(transcript.replyValues.dropFirst())
        guard case .state(let shown) = replies[3], case .state(let real) = replies[4] else {
            Issue.record("expected states, got \(replies)")
            return
        }
        #expect(shown.model == .preview)
        #expect(real.model == .real)
        #expect(!real.isLoading)
    }
}

/// The command table is the one declaration of each command.
struct CommandTableTests {
    @Test func everyNameAndAliasIsUnique() {
        let names = CommandTable.specs.flatMap { [$0.name] + $0.aliases }
        #expect(Set(names).count == names.count)
    }

    @Test(arguments: CommandTable.specs.map(\.name))
    func theJSONFormRejectsMembersTheTableDoesNotDeclare(name: String) {
        #expect(throws: ReplError(.unknownMember("bogus", command: name, allowed: CommandTable.spec(name)!.members.map(\.name)))) {
            try CommandParser.parse(#"{"cmd":"\#(name)","bogus":1}"#)
        }
    }

    @Test(arguments: [
        ("use ", ["foo", "users"]),
        ("help lo", CommandTable.names),
        ("wait ", ["until", "timeout="]),
        ("wait until ", ["text", "sheetIsPresented"]),
        ("set ", ["clock=virtual", "clock=real", "output=human", "output=json", "output=pretty", "states=full", "states=diff"]),
        ("record ", ["stop"]),
        ("mock ", ["state=", "text=", "sheetIsPresented="]),
        ("expect text ", ["==", "!=", "contains", "exists", "<", "<=", ">", ">="]),
        ("event select ", ["id="]),
    ])
    func completionOffersWhatTheTableDeclares(line: String, expected: [String]) {
        var context = CompletionContext()
        context.screens = ["foo", "users"]
        context.fields = ["text", "sheetIsPresented"]
        context.events = [("select", ["id"])]
        #expect(context.candidates(before: line) == expected)
    }
}

/// A failed `==` between objects or arrays says where they differ.
struct ExpectationDiffTests {
    @Test func aFailedExpectationOnAListNamesThePathsThatDiffer() async throws {
        let transcript = try await SessionTranscript.run(
            ["use users", "load", "wait", #"expect users.value == [{"name":"Manu"},{"name":"Murala"}]"#])
        let error = try #require(transcript.reply(4))
        #expect(error["code"] as? String == "expectation_failed")
        #expect((error["message"] as? String)?.contains(#"users.value[1].name: "Muralla" ≠ "Murala""#) == true)
        #expect(json(error["diff"]) == #"[{"op":"replace","path":"\/1\/name","value":"Murala"}]"#.replacingOccurrences(of: #"\/"#, with: "/"))
    }

    @Test func aScalarMismatchHasNoDiff() async throws {
        let transcript = try await SessionTranscript.run(["use foo", #"expect text == "hi""#])
        #expect(transcript.reply(2)?["diff"] == nil)
    }
}
