import Testing
import ViewModelREPL

struct CommandParserTests {
    static let cases: [(String, any ReplCommand)] = [
        ("screens", ScreensCommand()),
        ("  use   foo  ", UseCommand(screen: "foo")),
        ("event hello", EventCommand(name: "hello", arguments: .init())),
        (
            "event select id=3 title=\"a b\"",
            EventCommand(name: "select", arguments: .init(named: [.init(key: "id", value: .int(3)), .init(key: "title", value: .string("a b"))]))
        ),
        ("event select 3 'it\\'s'", EventCommand(name: "select", arguments: .init(positional: [.int(3), .string("it's")]))),
        (
            "event f on=true off=false none=null word=bare neg=-2.5",
            EventCommand(
                name: "f",
                arguments: .init(named: [
                    .init(key: "on", value: .bool(true)), .init(key: "off", value: .bool(false)), .init(key: "none", value: .null),
                    .init(key: "word", value: .string("bare")), .init(key: "neg", value: .double(-2.5)),
                ]))
        ),
        (
            "event f list=[1,\"x\"] obj={\"a\":{\"b\":null}}",
            EventCommand(
                name: "f",
                arguments: .init(named: [
                    .init(key: "list", value: .array([.int(1), .string("x")])),
                    .init(key: "obj", value: .object([("a", .object([("b", .null)]))])),
                ]))
        ),
        ("mock state={\"text\":\"hi\"}", MockCommand(.state(.object([("text", .string("hi"))])))),
        (
            "mock text=\"hi\" sheetIsPresented=true",
            MockCommand(.fields([.init(key: "text", value: .string("hi")), .init(key: "sheetIsPresented", value: .bool(true))]))
        ),
        ("wait", WaitCommand(until: nil, timeout: nil)),
        ("wait timeout=1.5s", WaitCommand(until: nil, timeout: .milliseconds(1500))),
        (
            "wait until users.phase==\"loaded\" timeout=5s",
            WaitCommand(until: .init(path: StatePath("users.phase")!, op: .equals, value: .string("loaded")), timeout: .seconds(5))
        ),
        ("expect users.value[0].name == Manu", ExpectCommand(.init(path: StatePath("users.value[0].name")!, op: .equals, value: .string("Manu")))),
        ("expect text != \"x\"", ExpectCommand(.init(path: StatePath("text")!, op: .notEquals, value: .string("x")))),
        ("expect text contains 👋", ExpectCommand(.init(path: StatePath("text")!, op: .contains, value: .string("👋")))),
        ("expect selectedPostID exists", ExpectCommand(.init(path: StatePath("selectedPostID")!, op: .exists, value: nil))),
        ("advance 250ms", AdvanceCommand(.milliseconds(250))),
        ("sleep 2s", SleepCommand(.seconds(2))),
        ("help", HelpCommand(topic: nil)),
        ("help mock", HelpCommand(topic: "mock")),
        ("quit", QuitCommand()),
        ("set clock=real", SetCommand(.clock(.real))),
        ("set output=pretty", SetCommand(.output(.pretty))),
        ("record demo.vmrepl", RecordCommand(.start(path: "demo.vmrepl", mode: .create))),
        (
            "invariant text != \"x\" when sheetIsPresented == true",
            InvariantCommand(
                .add(
                    .init(path: StatePath("text")!, op: .notEquals, value: .string("x")),
                    when: .init(path: StatePath("sheetIsPresented")!, op: .equals, value: .bool(true))))
        ),
        ("invariant clear", InvariantCommand(.clear)), (#"{"cmd":"invariant","clear":true}"#, InvariantCommand(.clear)),
        (
            #"{"cmd":"invariant","path":"a","op":"exists","when":"b == 1"}"#,
            InvariantCommand(
                .add(
                    .init(path: StatePath("a")!, op: .exists, value: nil), when: .init(path: StatePath("b")!, op: .equals, value: .int(1))))
        ),
        ("record demo.vmrepl overwrite=true", RecordCommand(.start(path: "demo.vmrepl", mode: .overwrite))),
        ("record demo.vmrepl append=true", RecordCommand(.start(path: "demo.vmrepl", mode: .append))),
        (#"{"cmd":"record","path":"d","append":true}"#, RecordCommand(.start(path: "d", mode: .append))),
        ("record stop", RecordCommand(.stop)),
        (#"{"cmd":"set","clock":"virtual"}"#, SetCommand(.clock(.virtual))),
        (#"{"cmd":"event","name":"select","args":{"id":3}}"#, EventCommand(name: "select", arguments: .init(named: [.init(key: "id", value: .int(3))]))),
        (#"{"cmd":"mock","set":{"text":"hi"}}"#, MockCommand(.fields([.init(key: "text", value: .string("hi"))]))),
        (
            #"{"cmd":"wait","until":"phase == \"loaded\"","timeout":2}"#,
            WaitCommand(until: .init(path: StatePath("phase")!, op: .equals, value: .string("loaded")), timeout: .seconds(2))
        ),
        (#"{"cmd":"expect","path":"text","value":"👋"}"#, ExpectCommand(.init(path: StatePath("text")!, op: .equals, value: .string("👋")))),
    ]

    @Test(arguments: cases)
    func parsesTheHumanAndTheJSONForm(line: String, expected: any ReplCommand) throws {
        let parsed = try #require(try CommandParser.parse(line))
        #expect(parsed.command.isSame(as: expected), "\(line) read as \(parsed.command)")
    }

    @Test(arguments: ["", "   ", "# a comment", "  # indented comment"])
    func blankLinesAndCommentsAreNotCommands(line: String) throws {
        #expect(try CommandParser.parse(line) == nil)
    }

    @Test func jsonFormCarriesItsID() throws {
        #expect(try CommandParser.parse(#"{"id":{"n":[1]},"cmd":"state"}"#)?.id == .object([("n", .array([.int(1)]))]))
        #expect(try CommandParser.parse("state")?.id == nil)
    }

    @Test(
        arguments: [
            ("bogus", ReplError.Code.unknownCommand, 1),
            ("  bogus", .unknownCommand, 3),
            ("use", .badArguments, 4),
            (#"{"cmd":"invariant","op":"exists"}"#, .badArguments, nil),
            ("use a b", .badArguments, 7),
            ("event", .badArguments, 6),
            ("event e x=", .syntax, 11),
            ("event e =3", .syntax, 9),
            ("event e x='open", .syntax, 11),
            ("event e x=\"open", .invalidJSON, 16),
            ("event e x={\"a\":}", .invalidJSON, 16),
            ("event e x=[1 2]", .invalidJSON, 14),
            ("event e x=1 x=2", .badArguments, 13),
            ("event e x=\"a\"b", .syntax, 14),
            ("event 👋 x=\"\\q\"", .invalidJSON, 12),
            ("mock 3", .badArguments, 6),
            ("mock", .badArguments, 5),
            ("wait until", .badArguments, 11),
            ("wait until text ~ 3", .badArguments, 17),
            ("wait later", .badArguments, 6),
            ("wait timeout=fast", .badArguments, 6),
            ("expect [x == 1", .badArguments, 8),
            ("advance", .badArguments, 8),
            ("set", .badArguments, 4),
            ("set nope=1", .badArguments, 5),
            ("set clock=sideways", .badArguments, 5),
            ("record", .badArguments, 7),
            ("record a b", .badArguments, 10),
            ("record a overwrite=true append=true", .badArguments, 36),
            ("record a overwrite=maybe", .badArguments, 10),
            ("sleep 5 seconds", .badArguments, 7),
            (#"{"cmd":"state""#, .invalidJSON, 15),
            (#"{"cmd":"state"} x"#, .invalidJSON, 17),
            (#"{"cmd":"state","x":1}"#, .badArguments, nil),
            (#"{"cmd":7}"#, .badArguments, nil),
            (#"{"cmd":"nope"}"#, .unknownCommand, nil),
            (#"{"cmd":"mock"}"#, .badArguments, nil),
            (#"{"cmd":"advance","duration":-1}"#, .badArguments, nil),
            (#"{"cmd":"state","cmd":"screens"}"#, .badArguments, nil),
            (#"{"id":1,"cmd":"state","id":2}"#, .badArguments, nil),
            (#"{"cmd":"use","name":"users","name":"foo"}"#, .badArguments, nil),
        ] as [(String, ReplError.Code, Int?)])
    func errorsCarryTheirCodeAndColumn(line: String, code: ReplError.Code, column: Int?) {
        #expect {
            _ = try CommandParser.parse(line)
        } throws: { error in
            guard let error = error as? ReplError else { return false }
            return error.code == code && error.column == column && !error.message.isEmpty
        }
    }

    @Test func unknownCommandSuggestsTheClosestOne() {
        #expect(throws: ReplError(.noCommand(named: "evnet"), column: 1)) {
            try CommandParser.parse("evnet hello")
        }
        // A command with no named arguments says so, rather than "it takes " and nothing.
        #expect(throws: ReplError(.unknownArgument("x", command: "load", takes: []), column: 6)) { try CommandParser.parse("load x=1") }
        #expect(ReplError(.unknownArgument("x", command: "load", takes: [])).message == "load has no argument 'x'; it takes no named arguments")
        #expect(ReplError(.duplicateMember("cmd")).message == #""cmd" is given twice; give each member once"#)
        #expect(throws: ReplError(.duplicateMember("cmd"))) { try CommandParser.parse(#"{"cmd":"state","cmd":"screens"}"#) }
        #expect(ReplError(.noCommand(named: "evnet")).message == "unknown command 'evnet' (did you mean 'event'?); try help")
    }
}
