import Foundation
import TestSupport
import Testing

@testable import ViewModelREPL

/// Patches between states, and state lines in diff mode.
struct DiffModeTests {
    private func value(_ text: String) throws -> JSONValue {
        try JSONParser.parse(text)
    }

    @Test(arguments: [
        (#"{"a":1,"b":[1,2,3]}"#, #"{"a":1,"b":[1,2,3]}"#, "[]"),
        (#"{"a":1}"#, #"{"a":2}"#, #"[{"op":"replace","path":"/a","value":2}]"#),
        (#"{"a":1}"#, #"{"a":1.5}"#, #"[{"op":"replace","path":"/a","value":1.5}]"#),
        (#"{"a":1,"b":2}"#, #"{"b":2,"c":3}"#, #"[{"op":"remove","path":"/a"},{"op":"add","path":"/c","value":3}]"#),
        (#"{"l":[1,2,3]}"#, #"{"l":[1,9]}"#, #"[{"op":"replace","path":"/l/1","value":9},{"op":"remove","path":"/l/2"}]"#),
        (
            #"{"l":[{"id":1,"t":"a"}]}"#, #"{"l":[{"id":1,"t":"b"},{"id":2}]}"#,
            #"[{"op":"replace","path":"/l/0/t","value":"b"},{"op":"add","path":"/l/1","value":{"id":2}}]"#
        ),
        (#"{"l":[1,2,3,4]}"#, #"{"l":[1]}"#, #"[{"op":"remove","path":"/l/3"},{"op":"remove","path":"/l/2"},{"op":"remove","path":"/l/1"}]"#),
        (#"{"a/b":{"~":null}}"#, #"{"a/b":{"~":true}}"#, #"[{"op":"replace","path":"/a~1b/~0","value":true}]"#),
        (#"{"v":null}"#, #"{"v":[1]}"#, #"[{"op":"replace","path":"/v","value":[1]}]"#),
        ("3", "4", #"[{"op":"replace","path":"","value":4}]"#),
    ])
    func patchesAreMinimalAtTheMemberLevel(old: String, new: String, expected: String) throws {
        let patch = JSONPatch.json(JSONPatch.diff(from: try value(old), to: try value(new)))
        #expect(JSONWriter.string(patch) == expected)
        // Diffing the texts, reading only what changed, gives the same patch.
        let fromText = try #require(JSONTextDiff.diff(from: Array(old.utf8), to: Array(new.utf8)))
        #expect(JSONWriter.string(JSONPatch.json(fromText)) == expected)
    }

    @Test(arguments: [
        (#"{ "a" : [ 1 , {"\u0062":"x\"y"} ] , "c":"}" }"#, #"{"a":[1,{"b":"x\"z"}],"c":"}"}"#, #"[{"op":"replace","path":"/a/1/b","value":"x\"z"}]"#),
        (#"{"a":1.0}"#, #"{"a":1.0}"#, "[]"),
        (#"{"a":[]}"#, #"{"a":[{}]}"#, #"[{"op":"add","path":"/a/0","value":{}}]"#),
    ])
    func textDiffsReadBlanksEscapesAndEmptyContainers(old: String, new: String, expected: String) throws {
        let operations = try #require(JSONTextDiff.diff(from: Array(old.utf8), to: Array(new.utf8)))
        #expect(JSONWriter.string(JSONPatch.json(operations)) == expected)
        #expect(JSONTextDiff.diff(from: Array("{".utf8), to: Array(new.utf8)) == nil)
    }

    @Test func aScreensFirstLineAndEveryStateReplyAreWholeTheRestPatchTheLastLine() async throws {
        let transcript = try await SessionTranscript.run(
            ["use foo", "set states=diff", "event hello", "event hello", #"mock text="x""#, "real", "state", "use users", "set states=full", "use foo"])
        #expect(transcript.reply(3)?["state"] != nil)
        #expect(json(transcript.reply(4)?["patch"]) == "[]")
        #expect(transcript.reply(4)?["base"] as? Int == transcript.reply(3)?["seq"] as? Int)
        #expect(json(transcript.reply(5)?["patch"]) == #"[{"op":"replace","path":"\/text","value":"x"}]"#.replacingOccurrences(of: #"\/"#, with: "/"))
        #expect(transcript.reply(5)?["model"] as? String == "preview")
        #expect(transcript.reply(6)?["base"] as? Int == transcript.reply(5)?["seq"] as? Int)
        #expect(transcript.reply(7)?["state"] != nil && transcript.reply(7)?["patch"] == nil)
        #expect(transcript.reply(8)?["state"] != nil)
        #expect(transcript.reply(10)?["state"] != nil && transcript.reply(10)?["base"] == nil)
    }

    @Test func diffModeIsOneOptionAwayAndTheDefaultStaysWhole() async throws {
        let diff = try await SessionTranscript.run(["use foo", "event hello"], arguments: ["--states=diff"])
        #expect(diff.reply(2)?["patch"] != nil)
        let full = try await SessionTranscript.run(["use foo", "event hello"])
        #expect(full.reply(2)?["state"] != nil && full.reply(2)?["patch"] == nil)
    }
}
