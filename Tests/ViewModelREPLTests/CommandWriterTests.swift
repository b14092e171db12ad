import Foundation
import Testing

@testable import ViewModelREPL

/// A command written back as its line reads back as the same command: the parser's inverse.
struct CommandWriterTests {
    /// Every command of the table, in the forms its members take, human and JSON.
    static let lines = [
        "screens", "use foo", "describe", "state", "state users.value[0]", "event hello", "event select id=3",
        #"event filter query="a b" on=true list=[1,"x"]"#, "event f 3 'two'", "event f x=null", "load", "reload", "retry", "cancel",
        #"mock state={"text":"hi","n":[1,2]}"#, #"mock text="hi" sheetIsPresented=true"#, #"write query="swift""#, "real",
        "wait", "wait timeout=1.5s", #"wait until users.phase == "loaded" timeout=5s"#, "advance 2s", "advance 250ms", "advance 3ns",
        "advance 1.000001s", "sleep 10ms", "expect text == hi", "expect users exists", #"expect users.value contains {"name":"Manu"}"#,
        "expect count != -1", "help", "help event", "set clock=real", "set output=json", "set states=diff", "record out.vmrepl",
        "record out.vmrepl overwrite=true", "record out.vmrepl append=true", "record stop", "stub fetch value=[]",
        #"stub fetch error="offline" times=2"#, "stub fetch hang delay=2s", "unstub", "unstub fetch", "calls fetch",
        "invariant count != -1", #"invariant text != "" when isLoading == false"#, "invariant clear", "invariants", "watch", "watch text",
        "unwatch", "unwatch text", "quit",
        // Values no word carries: written in the JSON form.
        #"{"cmd":"use","screen":"two words"}"#, #"{"cmd":"record","path":"my file.vmrepl"}"#,
        #"{"cmd":"mock","set":{"state":1}}"#, #"{"cmd":"event","name":"x","args":{"a b":1}}"#,
        #"{"cmd":"stub","name":"fetch","error":"line\nbreak"}"#,
    ]

    @Test(arguments: lines)
    func aWrittenCommandReadsBackAsItself(_ line: String) throws {
        let parsed = try #require(try CommandParser.parse(line))
        let written = CommandWriter.line(for: parsed.command)
        let again = try #require(try CommandParser.parse(written), "\(written) is no command")
        #expect(again.command.isSame(as: parsed.command), "\(line) was written as \(written)")
        #expect(again.spec === parsed.spec)
        #expect(CommandWriter.written(parsed.command).parsed.spec === parsed.spec)
    }

    @Test func thePlainFormIsTheOnePeopleType() throws {
        for line in ["event select id=3", "advance 250ms", #"stub fetch error="offline" times=2"#, "wait until count == 2 timeout=5s", "invariant clear"] {
            let parsed = try #require(try CommandParser.parse(line))
            #expect(CommandWriter.line(for: parsed.command) == line)
        }
        #expect(CommandWriter.line(for: UseCommand(screen: "two words")) == #"{"cmd":"use","screen":"two words"}"#)
    }

    /// Every line the fuzzer found interesting that parses is written back as the same command.
    @Test func everyCommandOfTheFuzzCorpusReadsBack() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/corpus").standardized
        var checked = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: corpus.path) {
            let bytes = try [UInt8](Data(contentsOf: corpus.appendingPathComponent(file)))
            for line in ScriptFile.lines(bytes) {
                guard case .text(let text) = line.content, let parsed = try? CommandParser.parse(text) else { continue }
                let written = CommandWriter.line(for: parsed.command)
                #expect((try? CommandParser.parse(written))??.command.isSame(as: parsed.command) == true, "\(text) was written as \(written)")
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}
