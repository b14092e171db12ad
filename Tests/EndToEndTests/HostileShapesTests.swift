import Foundation
import TestSupport
import Testing

/// `TestApps/ShapesREPL`: view models holding the shapes a hostile sweep found printed wrongly or
/// fatally, hosted as written and driven over pipes. Every line must be JSON by an independent
/// parser, every value in its documented form, the same bytes in every process.
@Suite struct HostileShapesTests {
    static let binary = VMReplProcess.binaryURL.deletingLastPathComponent().appendingPathComponent("shapes-repl")

    /// The raw output lines of one piped session, and its exit status.
    static func session(_ input: [String]) async throws -> (lines: [String], status: Int32) {
        let process = try VMReplProcess([], binary: binary)
        process.send(input.joined(separator: "\n"))
        process.closeInput()
        var lines: [String] = []
        while let line = await process.nextLine() { lines.append(line) }
        return (lines, await process.exitStatus())
    }

    /// `line` parsed by Foundation's parser, which refuses what JSON does not allow (a bare `NaN`).
    static func parsed(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// The message of an error line, or nothing.
    static func message(_ line: String) -> String {
        (value(parsed(line), "message") as? String) ?? ""
    }

    @Test func awkwardNumbersKeysAndClosuresPrintInTheirForms() async throws {
        let run = try await Self.session(["use odd-values", "state"])
        #expect(run.status == 0)
        let line = try #require(run.lines.last)
        #expect(Self.parsed(line) != nil, "\(line)")
        // Non-finite numbers in an Encodable value, as a plain Double's are; Decimal's NaN too.
        #expect(line.contains(#""doubles":[1.5,"nan","inf","-inf"]"#))
        #expect(line.contains(#""decimalNaN":"nan""#))
        #expect(line.contains(#""decimal":3.14159265358979323846264338327950288"#))
        #expect(line.contains(#""float":0.1,"#) && line.contains(#""negativeZero":-0,"#))
        // Keys that are no text are sorted pairs; keys that would print alike are pairs too.
        #expect(line.contains(#""byMood":[["busy",2],["idle",1]]"#))
        #expect(line.contains(#""mixedKeys":[["1",20],[1,10]]"#))
        #expect(line.contains(#""mixedSet":["1",1]"#))
        // Closures are left out of structs and enum payloads; a type naming one is a value.
        #expect(line.contains(#""alert":{"title":"OK"}"#))
        #expect(line.contains(#""prompt":{"confirm":{"title":"Delete?"}}"#))
        #expect(line.contains(#""box":{"count":3}"#))
        // An enum's case, not its description; a raw-value Codable enum by its raw value.
        #expect(line.contains(#""mood":"idle""#))
        #expect(line.contains(#""privacy":"public""#))
        // A task and a pointer by their kind: their bits differ in every process.
        #expect(line.contains(#""task":"<Task<(), Never>>""#))
        #expect(line.contains(#""buffer":"<UnsafeMutablePointer<Int>>""#))
    }

    @Test func describeNamesARawValueEnumsCasesAsTheStatePrintsThem() async throws {
        let run = try await Self.session(["use odd-values", "describe", #"write privacy="private""#])
        let fields = value(Self.parsed(run.lines[2]), "fields") as? [[String: Any]] ?? []
        #expect(json(fields.first { $0["name"] as? String == "privacy" }?["cases"]) == #"["public","private"]"#)
        #expect(json(fields.first { $0["name"] as? String == "prompt" }?["cases"]) == #"["confirm(title: String, action: (() -> ())?)","none"]"#)
        #expect(value(Self.parsed(run.lines[3]), "state.privacy") as? String == "private")
    }

    @Test func numbersWithMoreDigitsThanADoubleAreWrittenAndReadWithAllOfThem() async throws {
        let run = try await Self.session([
            "use odd-values", "write decimal=2.71828182845904523536028747135266249", "write big=18446744073709551614",
            "mock big=18446744073709551615", "real", "write small=128",
        ])
        #expect(value(Self.parsed(run.lines[2]), "state.decimal") as? Decimal == Decimal(string: "2.71828182845904523536028747135266249"))
        #expect(run.lines[2].contains(#""decimal":2.71828182845904523536028747135266249"#))
        #expect(run.lines[3].contains(#""big":18446744073709551614"#))
        #expect(run.lines[4].contains(#""big":18446744073709551615"#), "\(run.lines[4])")
        #expect(Self.message(run.lines[6]).contains("128 is out of the range Int8 holds"), "\(run.lines[6])")
    }

    @Test func everyProcessPrintsTheSameBytes() async throws {
        var states: Set<String> = []
        for _ in 0..<5 {
            let run = try await Self.session(["use odd-values", "state"])
            states.insert(run.lines.last ?? "")
        }
        #expect(states.count == 1)
    }

    @Test func aValueNestedThousandsDeepIsCutNotACrash() async throws {
        let run = try await Self.session(["use deep", "state", "event grow"])
        #expect(run.status == 0)
        #expect(run.lines.count == 4)
        for line in run.lines { #expect(Self.parsed(line) != nil) }
        #expect(run.lines[2].contains(#""<cut: nested deeper than 64 levels>""#))
        #expect(value(Self.parsed(run.lines[3]), "state.length") as? Int == 8001)
    }

    @Test func aSharedGraphIsWrittenOncePerObjectNotOncePerPath() async throws {
        let run = try await Self.session(["use graph", "state"])
        #expect(run.status == 0)
        let line = try #require(run.lines.last)
        #expect(Self.parsed(line) != nil)
        #expect(line.contains(#""<shared: Node, written in full 4 times above>""#))
        // 40 nodes, each written in full at most four times: kilobytes, not the 2^40 paths.
        #expect(line.utf8.count < 100_000)
    }

    @Test func anActorsStateIsNotReadWhileItWritesIt() async throws {
        // The actor churns on its own executor from the start; reading its storage raced it.
        let run = try await Self.session(["use actor-held"] + Array(repeating: "state", count: 500))
        #expect(run.status == 0)
        let states = run.lines.compactMap(Self.parsed).filter { $0["type"] as? String == "state" }
        #expect(states.count >= 501)
        #expect(states.allSatisfy { value($0, "state.store") as? String == "<actor: Store>" })
        // A class guarding its state with a lock is written by its type: another thread writes it.
        #expect(states.allSatisfy { value($0, "state.cache") as? String == "<locked: Cache>" })
    }

    @Test func wrappedAndLazyPropertiesShowUnderTheirOwnNames() async throws {
        let run = try await Self.session(["use wrapped", "state", "event subscribe", "describe"])
        #expect(run.lines[2].contains(#""state":{"contentState":"loading","count":1,"summary":null,"title":"Inbox"}"#))
        // Subscribed, the value lives in the publisher's subject, as Combine's Published keeps it.
        #expect(value(Self.parsed(run.lines[3]), "state.contentState") as? String == "loaded")
        let fields = (value(Self.parsed(run.lines[4]), "fields") as? [[String: Any]] ?? []).map { "\($0["name"]!): \($0["type"]!)" }
        #expect(fields == ["contentState: ContentState", "count: Int", "summary: String?", "title: String"])
    }

    @Test func mockingOneFieldChecksThatFieldAlone() async throws {
        // `tally` prints an object its type cannot read back: it no longer blocks mocking `touched`.
        let run = try await Self.session(["use odd-values", "mock touched=5", #"mock tally={"count":3}"#])
        #expect(value(Self.parsed(run.lines[2]), "state.touched") as? Int == 5)
        #expect(value(Self.parsed(run.lines[2]), "state.tally.count") as? Int == 2)
        #expect(value(Self.parsed(run.lines[3]), "code") as? String == "bad_state")
        #expect(Self.message(run.lines[3]).contains("tally"))
    }

    @Test func aPathReachesAKeyHoldingADotOrABlank() async throws {
        let run = try await Self.session([
            "use odd-values", #"expect files["read me"] == "text""#, #"watch files["hello.swift"]"#, #"mock files["hello.swift"]="x""#,
            #"expect files["hello.swift"]=="y""#,
        ])
        #expect(value(Self.parsed(run.lines[2]), "type") as? String == "ok")
        #expect(value(Self.parsed(run.lines[3]), "watch") as? String == #"files["hello.swift"]"#)
        // The change names the path as it is written back: quoted where a plain step cannot say it.
        let change = run.lines.compactMap(Self.parsed).first { $0["type"] as? String == "change" }
        #expect(change?["path"] as? String == #"files["hello.swift"]"#)
        #expect(change?["to"] as? String == "x")
        #expect(value(Self.parsed(run.lines.last ?? ""), "actual") as? String == "x")
    }

    @Test func workTheInitStartsIsTheOpeningCommandsWork() async throws {
        let run = try await Self.session(["use downloader", "describe", "wait", "state"])
        let lines = run.lines.compactMap(Self.parsed)
        // The wait waits for the download: the state after it is the finished one.
        let last = try #require(lines.last)
        #expect(value(last, "state.progress") as? Int == 100)
        #expect(value(last, "state.isDone") as? Bool == true)
        // Its states on the way are pushed with the line that opened the screen.
        let pushes = lines.filter { $0["push"] as? Bool == true }
        #expect(!pushes.isEmpty)
        #expect(pushes.allSatisfy { $0["line"] as? Int == 1 })
    }

    @Test func theReplyToCancelSaysNothingLoads() async throws {
        // Seed 001 as written: its cancelled load ends only when its task next runs.
        let result = try await Transcript.run(["use async-content", "load", "cancel", "state"])
        #expect(result.reply(2)?["loading"] as? Bool == true)
        #expect(result.reply(3)?["loading"] == nil)
        #expect(result.reply(4)?["loading"] == nil)
    }

    @Test func aPropertyLeftOutByNameIsNotShown() async throws {
        let run = try await Self.session(["use inbox", "event refresh", "describe"])
        #expect(run.lines[1].contains(#""state":{"messages":[]}"#))
        #expect(run.lines[2].contains(#""state":{"messages":["a","b"]}"#))
        let fields = (value(Self.parsed(run.lines[3]), "fields") as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(fields == ["messages"])
    }

    @Test func eachClassInAChainIsShownByItsOwnRules() async throws {
        let run = try await Self.session(["use classes"])
        let line = try #require(run.lines.last)
        // An @Observable class's tracked property shows, its ignored cache and constant do not;
        // a plain subclass's own field shows (it was hidden as if it were the base's).
        #expect(line.contains(#""observed":{"title":"base"}"#))
        #expect(line.contains(#""inherited":{"extra":"sub","title":"base"}"#))
        // A base's private field a subclass shadows is not a second "x".
        #expect(line.contains(#""shadowing":{"name":"plain","super.x":1,"x":2}"#))
        // A custom mirror is shown as the class describes itself, not mixed with its storage.
        #expect(line.contains(#""described":{"summary":"111 items","total":111}"#))
    }

    @Test func aMockOfAnEnumThatIsNotDecodableMustNameACase() async throws {
        let run = try await Self.session(["use odd-values", "mock mood=42", #"mock mood="busy""#, #"mock prompt={"confirm":{"title":"Sure?"}}"#])
        #expect(value(Self.parsed(run.lines[2]), "code") as? String == "bad_state")
        #expect(Self.message(run.lines[2]).contains("mood is one of its cases, idle, busy"))
        #expect(value(Self.parsed(run.lines[3]), "state.mood") as? String == "busy")
        #expect(value(Self.parsed(run.lines[4]), "state.prompt.confirm.title") as? String == "Sure?")
    }

    @Test func aFieldNamedStateIsMockedByItsQuotedPath() async throws {
        let result = try await Transcript.run(
            ["use async-content", #"mock state="loaded""#, #"mock ["state"]={"loaded":"x"}"#, #"mock ["state"]={"failed":"x"}"#])
        let message = result.reply(2)?["message"] as? String
        #expect(message?.contains(#"write mock ["state"]=VALUE"#) == true)
        #expect(json(value(result.reply(3), "state")) == #"{"state":{"loaded":"x"}}"#)
        // The quoted form is checked as the plain one is: a case the enum does not have is refused.
        #expect(result.reply(4)?["code"] as? String == "bad_state")
    }
}
