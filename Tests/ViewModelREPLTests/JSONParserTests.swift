import Testing
import ViewModelREPL

struct JSONParserTests {
    /// An object of 200,000 members, one of them repeated last: read in linear time (a scan of the
    /// members before each took minutes), the repeat noted, its last value kept.
    @Test(.timeLimit(.minutes(1))) func aLargeObjectIsReadInLinearTime() throws {
        let count = 200_000
        let text = "{" + (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + ",\"k7\":-1}"
        let (value, repeated) = try Array(text.utf8).withUnsafeBufferPointer { bytes in try JSONParser.parseNotingRepeat(bytes) }
        guard case .object(let members) = value else { return #expect(Bool(false)) }
        #expect(members.count == count)
        #expect(value["k7"] == .int(-1))
        #expect(value["k199999"] == .int(199_999))
        #expect(repeated == "k7")
        // Objects this large compare in linear time too, members in any order.
        #expect(value == .object(members.reversed()))
    }

    @Test(arguments: [
        ("0", JSONValue.int(0)),
        ("-12", .int(-12)),
        ("9223372036854775807", .int(Int.max)),
        ("1.5e3", .double(1500)),
        ("99999999999999999999", .number("99999999999999999999")), ("1e999", .number("1e999")),
        ("3.14159265358979323846", .number("3.14159265358979323846")), ("0.000012345678901234567", .double(0.000012345678901234567)),
        (#""a\"b\\c\/d\n""#, .string("a\"b\\c/d\n")),
        (#""\u00e9\ud83d\ude00""#, .string("é😀")),
        (#""\ud800x""#, .string("\u{FFFD}x")),
        (#""\udc00""#, .string("\u{FFFD}")),
        (#" { "b" : [ true , null ] , "a" : {} } "#, .object([("b", .array([.bool(true), .null])), ("a", .object([]))])),
        (#"{"k":1,"k":2}"#, .object([("k", .int(2))])),
    ])
    func parses(text: String, expected: JSONValue) throws {
        let parsed = try JSONParser.parse(text)
        #expect(parsed == expected)
        // A number past what an Int or a Double holds keeps its text, so it is written back as given.
        if case .number(let digits) = expected { #expect(JSONWriter.string(parsed) == digits) }
    }

    /// Numbers kept as their text compare by every digit: two that round to one Double differ.
    @Test func numbersKeptAsTextCompareByEveryDigit() throws {
        #expect(try JSONParser.parse("18446744073709551614") != JSONParser.parse("18446744073709551615"))
        #expect(try JSONParser.parse("18446744073709551615") == JSONParser.parse("18446744073709551615"))
        #expect(try JSONParser.parse("3.14159265358979323846264338327950289") != JSONParser.parse("3.14159265358979323846264338327950288"))
        #expect(try JSONParser.parse("1.50000000000000000000") == JSONParser.parse("1.5"))
        #expect(try JSONParser.parse("9223372036854775808") != .int(Int.max))
        #expect(try JSONParser.parse("1e400") == JSONParser.parse("1e400"))
    }

    @Test(arguments: [
        ("", 0), ("tru", 0), ("01", 1), ("1.", 2), ("-", 1), ("[1,]", 3), ("{\"a\" 1}", 5), ("\"tab\there\"", 4),
        ("\"open", 5), ("[1] 2", 4), ("{1:2}", 1), ("\"\\x\"", 1),
    ])
    func rejectsWithTheOffset(text: String, offset: Int) {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.offset == offset)
        }
    }

    @Test func nestingIsCapped() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }

    @Test func writerRoundTripsWhatTheParserReads() throws {
        let text = #"{"s":"é \" \\ \n \u0001 😀","n":[1,-2.5,true,false,null],"o":{}}"#
        let value = try JSONParser.parse(text)
        #expect(try JSONParser.parse(JSONWriter.string(value)) == value)
        #expect(JSONWriter.string(.string("\u{01}")) == #""\u0001""#)
    }
}
