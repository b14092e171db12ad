import Testing

@testable import ViewModelREPL

/// Applying a trace's patches (`--from` rebuilds each recorded state from its chain).
struct JSONPatchApplyingTests {
    private func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test func aDiffAppliedToItsOldSideGivesItsNewSide() throws {
        let old = try parse(#"{"a":1,"list":[1,2,3],"n":{"x~/y":true},"gone":0}"#)
        let new = try parse(#"{"a":2,"list":[1,5],"n":{"x~/y":false,"z":[]},"added":"yes"}"#)
        let patch = JSONPatch.json(JSONPatch.diff(from: old, to: new))
        #expect(JSONPatch.applying(patch, to: old) == new)
    }

    @Test(arguments: [
        #"[{"op":"replace","path":"/missing","value":1}]"#, #"[{"op":"remove","path":"/list/9"}]"#,
        #"[{"op":"add","path":"/list/01","value":1}]"#, #"[{"op":"add","path":"/a"}]"#, #"[{"op":"move","path":"/a"}]"#,
        #"[{"op":"add","path":"a","value":1}]"#, #"{"op":"add"}"#, #"[{"op":"add","path":"/a/b","value":1}]"#,
    ])
    func anOperationThatDoesNotApplyGivesNothing(patch: String) throws {
        #expect(JSONPatch.applying(try parse(patch), to: try parse(#"{"a":1,"list":[1,2]}"#)) == nil)
    }

    @Test func anAddAtTheEndOrAnIndexInserts() throws {
        let patch = try parse(#"[{"op":"add","path":"/list/-","value":9},{"op":"add","path":"/list/0","value":0}]"#)
        #expect(JSONPatch.applying(patch, to: try parse(#"{"list":[1]}"#)) == (try parse(#"{"list":[0,1,9]}"#)))
    }
}
