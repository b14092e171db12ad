import Testing

@testable import ViewModelREPL

/// Paths into a state, with keys no plain step can name.
struct StatePathTests {
    @Test(arguments: [
        (#"files["hello.swift"]"#, [StatePath.Component.key("files"), .key("hello.swift")]),
        (#"files["read me"].size"#, [.key("files"), .key("read me"), .key("size")]),
        (#"a["q\"uote"][0]"#, [.key("a"), .key(#"q"uote"#), .index(0)]),
        ("users.value[-1].name", [.key("users"), .key("value"), .index(-1), .key("name")]),
    ])
    func aQuotedKeyIsOneStep(text: String, components: [StatePath.Component]) throws {
        #expect(try #require(StatePath(text)).components == components)
    }

    @Test(arguments: [#"files["open"#, #"files["a"x"#, #"a[""#, "a[x]"])
    func anUnclosedOrBadStepIsNoPath(text: String) {
        #expect(StatePath(text) == nil)
    }

    @Test(arguments: ["plain", "hello.swift", "read me", #"q"uote"#, "a[0]", "back\\slash", "x=y"])
    func aKeyIsWrittenBackSoItReadsBackAsItself(key: String) throws {
        var text = "files"
        StatePath.append(key: key, to: &text)
        #expect(try #require(StatePath(text)).components == [.key("files"), .key(key)])
    }
}
