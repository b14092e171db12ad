import Foundation
import Synchronization
import Testing

@testable import ViewModelREPL

/// Walks the table of value forms (``ValueKind``): every kind is written the same on every path a
/// value takes (a reflected class's field, a `Codable` state), read back as itself for `mock` and
/// arguments where it is `Decodable`, described by a schema its written form meets, and listed in
/// docs/PROTOCOL.md as the table says.
@MainActor
struct ValueKindTests {
    /// Holds a value where reflection reads it: a struct that is not `Codable`.
    struct Held<Value> { var value: Value }

    /// Holds a value where a `Codable` state writes it.
    struct Boxed<Value: Codable>: Codable { var value: Value }

    /// One value of a kind, and how it must be written.
    struct Probe {
        let check: @MainActor () throws -> Void
    }

    /// A `Codable` value: written as `json` by reflection and as a state, read back from that text
    /// as a value written as that text again (a date to the millisecond), and described by a
    /// schema the text meets.
    static func codable<Value: Codable>(_ value: Value, _ json: String, schema: Bool = true, _ line: Int = #line) -> Probe {
        Probe { () throws in
            let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
            let written = try reflected(Held(value: value))
            #expect(written == #"{"value":\#(json)}"#, "reflected", sourceLocation: location)
            let state = try stateText(Boxed(value: value))
            #expect(state == #"{"value":\#(json)}"#, "as a Codable state", sourceLocation: location)
            let parsed = try JSONParser.parse(json)
            let read = try ArgumentDecoding.decode(Value.self, from: parsed)
            #expect(try stateText(Boxed(value: read)) == #"{"value":\#(json)}"#, "read back", sourceLocation: location)
            let readInState = try ArgumentDecoding.decode(Boxed<Value>.self, from: JSONParser.parse(#"{"value":\#(json)}"#))
            #expect(try stateText(readInState) == #"{"value":\#(json)}"#, "read back in a state", sourceLocation: location)
            if schema {
                let described = TypeSchema.of(Value.self)
                #expect(TypeSchema.checked(described, against: parsed) == described, "described: \(JSONWriter.string(described))", sourceLocation: location)
            }
        }
    }

    /// A probe that fails today, for a reason the table's notes give.
    static func known(_ reason: String, _ probe: Probe) -> Probe {
        Probe { () throws in withKnownIssue(Comment(rawValue: reason)) { try probe.check() } }
    }

    static func stateText<Value: Encodable>(_ value: Value) throws -> String {
        String(decoding: try StateEncoder(forms: .readable).encode(value, fallback: StateEncoder.fallbackEncoder(for: .readable)), as: UTF8.self)
    }

    /// A value only reflection reads (it is not `Codable`): written as `json`.
    static func shown(_ value: Any, _ json: String, _ line: Int = #line) -> Probe {
        Probe { () throws in
            let location = SourceLocation(fileID: #fileID, filePath: #filePath, line: line, column: 1)
            let written = try reflected(value)
            #expect(written == json, sourceLocation: location)
        }
    }

    static func reflected(_ value: Any) throws -> String {
        let out = ByteBuffer()
        try ValueReflector().writeValue(value, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    enum Phase: Codable, Equatable {
        case idle
        case loaded(Int)
        case moved(Int, Int)
        case failed(message: String)
    }
    enum Privacy: String, Codable, Equatable {
        case pub = "public"
        case priv = "private"
    }
    enum Described: Codable, Equatable, CustomStringConvertible {
        case idle
        var description: String { "Status is idle" }
    }
    struct Point: Codable, Hashable {
        var y: Int
        var x: Int
    }
    struct Custom: Codable, Equatable {
        var seconds: Int
        init(seconds: Int) { self.seconds = seconds }
        init(from decoder: any Decoder) throws { seconds = try decoder.singleValueContainer().decode(Int.self) / 1000 }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(seconds * 1000)
        }
    }
    struct Failure: Error, CustomStringConvertible { var description: String { "it broke" } }
    final class Node {
        var next: Node?
        init() {}
    }
    final class Leaf { let id = 7 }
    /// Messages and the conversation they belong to, which lists them: each met by many paths.
    final class Conversation {
        let title = "c"
        var messages: [Message] = []
    }
    final class Message {
        let text: String
        weak var conversation: Conversation?
        init(_ text: String, in conversation: Conversation) {
            self.text = text
            self.conversation = conversation
        }
    }
    final class Inbox {
        let conversation = Conversation()
        let messages: [Message]
        init(count: Int) {
            let conversation = self.conversation
            messages = (0..<count).map { Message("m\($0)", in: conversation) }
            conversation.messages = messages
        }
    }
    actor Counter { var count = 0 }
    class Guarded: @unchecked Sendable {
        let lock = NSRecursiveLock()
        var count = 0
    }
    final class GuardedSubclass: Guarded, @unchecked Sendable { var extra = 1 }
    final class MaybeGuarded: @unchecked Sendable {
        let lock: NSLock? = NSLock()
        var count = 0
    }
    final class GuardedByAny: @unchecked Sendable {
        let lock: any NSLocking = NSLock()
        var count = 0
    }
    struct Guard { let lock = NSLock() }
    @available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    final class GuardedByMutex: Sendable {
        let count = Mutex(0)
    }
    /// A class holding a `Mutex`, where the platform has one.
    static var mutexProbes: [Probe] {
        guard #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) else { return [] }
        return [shown(GuardedByMutex(), #""<locked: GuardedByMutex>""#)]
    }
    /// An `InlineArray`, where the platform has one.
    static var inlineArrayProbes: [Probe] {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return [] }
        return [shown([1, 2, 3] as InlineArray<3, Int>, "[1,2,3]")]
    }
    /// `Float80` where the platform has it.
    static var float80: [Probe] {
        #if !(os(Windows) || os(Android)) && (arch(i386) || arch(x86_64))
            [shown(Float80(1.5), "1.5"), shown(Float80.infinity, #""inf""#)]
        #else
            []
        #endif
    }
    final class GuardedInside: @unchecked Sendable {
        let guarding = Guard()
        var count = 0
    }
    final class Queued: @unchecked Sendable {
        let queue = DispatchQueue(label: "q")
        var count = 0
    }
    struct Wrapped<Value> { var wrappedValue: Value }
    struct WithWrapper { var _phase = Wrapped(wrappedValue: 3) }
    /// A `Binding` as a team stands one in: a getter and a setter.
    struct GetSet<Value> {
        let get: () -> Value
        let set: (Value) -> Void
    }
    struct SendableGetSet<Value> {
        let get: @Sendable () -> Value
        let set: @Sendable (Value) -> Void
    }
    /// Laid out as SwiftUI's `Binding` and `State` are: the value in `_value`, beside its location.
    struct ValueAndLocation<Value> {
        var _value: Value
        var location: Leaf
    }
    struct WithBinding {
        var _presented = GetSet(get: { true }, set: { _ in })
        var _count = SendableGetSet(get: { 2 }, set: { _ in })
        var _name = ValueAndLocation(_value: "Ann", location: Leaf())
        /// A wrapper of two getters is shown as it is (without its closures).
        var _either = Pair(first: { 1 }, second: { 2 })
    }
    struct Pair {
        let first: () -> Int
        let second: () -> Int
    }
    final class HoldsBinding {
        var _presented = GetSet(get: { true }, set: { _ in })
        var title = "t"
    }
    struct WithLazy { lazy var total = 3 }
    enum Key: Hashable, Codable { case a, b }
    enum Level: Int, Hashable, Codable {
        case low = 1
        case high = 9
    }
    struct Opaque { var text: Substring.UTF8View }

    /// The probes of `kind`: a switch over every kind, so a kind added without them does not compile.
    static func probes(_ kind: ValueKind) -> [Probe] {
        switch kind {
        case .optional: [codable(Int?.none, "null"), codable(Optional(Optional(3)), "3")]
        case .string: [codable("tab\t\"q\" é/", #""tab\t\"q\" é/""#), shown(Character("é"), #""é""#)]
        case .bool: [codable(true, "true")]
        case .integer:
            [
                codable(Int8.min, "-128"), codable(Int.max, "9223372036854775807"), codable(UInt32.max, "4294967295"),
                codable(UInt64(1) << 63, "9223372036854775808"), codable(UInt64.max, "18446744073709551615"),
            ]
        case .floatingPoint:
            [
                codable(0.1, "0.1"), codable(Float(0.1), "0.1"), codable(-0.0, "-0"), codable(1e300, "1e+300"),
                codable(Double.infinity, #""inf""#, schema: false), codable([-Double.infinity, 1], #"["-inf",1]"#, schema: false),
                codable(Float.infinity, #""inf""#, schema: false), shown(Double.nan, #""nan""#), codable(CGFloat(12.5), "12.5"),
            ] + float80
        case .array: [codable([3, 1, 2], "[3,1,2]"), codable([[String]](), "[]"), codable(IndexSet([10, 2, 0]), "[0,2,10]")] + inlineArrayProbes
        case .decimal:
            [
                codable(Decimal(string: "3.25")!, "3.25"),
                codable(Decimal(string: "3.14159265358979323846264338327950288")!, "3.14159265358979323846264338327950288"),
                codable(Decimal(string: "-12345678901234567890123")!, "-12345678901234567890123"),
                shown(Decimal.nan, #""nan""#),
            ]
        case .date:
            [
                codable(Date(timeIntervalSince1970: 1_764_754_200), #""2025-12-03T09:30:00Z""#),
                codable(Date(timeIntervalSince1970: 1_764_754_220.999), #""2025-12-03T09:30:20.999Z""#),
            ]
        case .url: [codable(URL(string: "https://example.com/a?b=1")!, #""https://example.com/a?b=1""#)]
        case .uuid: [codable(UUID(uuidString: "e621e1f8-c36c-495a-93fc-0c247a3e6e5f")!, #""E621E1F8-C36C-495A-93FC-0C247A3E6E5F""#)]
        case .data: [codable(Data([0, 1, 255]), #""AAH/""#)]
        case .set:
            [
                codable(Set(["b", "a", "c"]), #"["a","b","c"]"#), codable(Set([10, 9]), "[10,9]"),
                shown(["b": 1, "a": 2].keys, #"["a","b"]"#), shown(["b": 2, "a": 10].values, "[10,2]"),
            ]
        case .textKeyedDictionary:
            [
                codable(["b": 1, "a": 2], #"{"a":2,"b":1}"#), codable([2: "x", 10: "y"], #"{"10":"y","2":"x"}"#),
                codable([Privacy.pub: 1, .priv: 2], #"{"private":2,"public":1}"#, schema: false), codable([Int8(3): true], #"{"3":true}"#, schema: false),
                codable([Level.high: "h", .low: "l"], #"{"1":"l","9":"h"}"#, schema: false),
            ]
        case .otherKeyedDictionary:
            [
                codable([Key.b: 1, Key.a: 2], #"[["a",2],["b",1]]"#, schema: false), codable([Key: Int](), "{}", schema: false),
                codable([Point(y: 1, x: 2): 1], #"[[{"x":2,"y":1},1]]"#, schema: false),
                shown([AnyHashable(1): 10, AnyHashable("1"): 20], #"[["1",20],[1,10]]"#),
            ]
        case .structure: [codable(Point(y: 2, x: 1), #"{"x":1,"y":2}"#), shown(Leaf(), #"{"id":7}"#)]
        case .tuple: [shown((b: 1, a: "x"), #"{"a":"x","b":1}"#), shown((1, label: "a"), #"[1,"a"]"#), shown((1, 2), "[1,2]")]
        case .enumeration:
            [
                codable(Phase.idle, #""idle""#), codable(Phase.loaded(3), #"{"loaded":3}"#), codable(Phase.moved(1, 2), #"{"moved":[1,2]}"#),
                codable(Phase.failed(message: "x"), #"{"failed":{"message":"x"}}"#), codable(Described.idle, #""idle""#),
            ]
        case .rawValueEnumeration: [codable(Privacy.pub, #""public""#)]
        case .encodable: [codable(Custom(seconds: 2), "2000", schema: false), codable(1..<3, "[1,3]", schema: false)]
        case .error: [shown(Failure(), #"{"description":"it broke","type":"Failure"}"#)]
        case .closure:
            [
                shown(Held(value: { 1 }), "{}"), shown(Held(value: Optional<() -> Void>.none), "{}"),
                // In a dictionary too, whatever else it holds beside the closure.
                shown(Held(value: ["tap": { 1 }] as [String: () -> Int]), #"{"value":{}}"#),
                shown(Held(value: ["n": 1, "tap": { 1 }] as [String: Any]), #"{"value":{"n":1}}"#),
                // And in an array.
                shown(Held(value: [{ 1 }] as [() -> Int]), #"{"value":[]}"#),
                shown(Held(value: [1, { 1 }] as [Any]), #"{"value":[1]}"#),
            ]
        case .propertyWrapper:
            [
                shown(WithWrapper(), #"{"phase":3}"#),
                shown(WithBinding(), #"{"_either":{},"count":2,"name":"Ann","presented":true}"#),
                shown(HoldsBinding(), #"{"presented":true,"title":"t"}"#),
            ]
        case .lazy: [shown(WithLazy(), #"{"total":null}"#)]
        case .reference:
            [
                shown(
                    Array(repeating: Leaf(), count: 1).flatMap { leaf in Array(repeating: leaf, count: 5) },
                    #"[{"id":7},{"id":7},{"id":7},{"id":7},"<shared: Leaf, written in full 4 times above>"]"#),
                // Met too often, each is written where it is nearest the top: the inbox's own fields in full.
                {
                    let nearer = Array(repeating: #""<shared: Message, written in full nearer the top>""#, count: 6).joined(separator: ",")
                    let messages = (0..<6).map { #"{"conversation":"<shared: Conversation, written in full nearer the top>","text":"m\#($0)"}"# }
                    return shown(
                        Inbox(count: 6), #"{"conversation":{"messages":[\#(nearer)],"title":"c"},"messages":[\#(messages.joined(separator: ","))]}"#)
                }(),
                // Met no more than four times, all in full as before.
                shown(
                    Inbox(count: 1),
                    #"{"conversation":{"messages":[{"conversation":"<cycle: Conversation>","text":"m0"}],"title":"c"},"messages":[{"conversation":{"messages":["<cycle: Message>"],"title":"c"},"text":"m0"}]}"#
                ),
            ]
        case .cycle:
            [
                {
                    let node = Node()
                    node.next = node
                    return shown(node, #"{"next":"<cycle: Node>"}"#)
                }()
            ]
        case .actor: [shown(Counter(), #""<actor: Counter>""#)]
        case .locked:
            [
                shown(Guarded(), #""<locked: Guarded>""#), shown(GuardedSubclass(), #""<locked: GuardedSubclass>""#),
                shown(MaybeGuarded(), #""<locked: MaybeGuarded>""#), shown(GuardedByAny(), #""<locked: GuardedByAny>""#),
                shown(GuardedInside(), #""<locked: GuardedInside>""#), shown(Queued(), #""<locked: Queued>""#),
            ] + mutexProbes
        case .anyHashable: [shown(AnyHashable(3), "3"), shown(Set([AnyHashable(1), AnyHashable("1")]), #"["1",1]"#)]
        case .opaque:
            [
                shown(UnsafeMutablePointer<Int>(bitPattern: 8)!, #""<UnsafeMutablePointer<Int>>""#),
                shown(ObjectIdentifier(Leaf.self), #""<ObjectIdentifier>""#),
                shown(\Point.x, #""<WritableKeyPath<Point, Int>>""#), shown("abc".startIndex, #""<String.Index>""#),
            ]
        case .other:
            [
                shown(Int.self, #""Int""#), shown(Opaque(text: "ab".utf8[...]), #"{"text":"ab"}"#),
                shown("ab".utf8, #""ab""#),
                shown("ab".unicodeScalars, #""ab""#),
            ]
        }
    }

    @Test(arguments: ValueKind.allCases)
    func everyKindIsWrittenReadAndDescribedAlikeOnEveryPath(kind: ValueKind) throws {
        for probe in Self.probes(kind) { try probe.check() }
    }

    /// A state whose values JSONEncoder cannot write alike (a `Decimal`, a NaN) keeps every other
    /// readable form: it is not handed whole to JSONEncoder.
    struct Mixed: Codable {
        var phase = Phase.idle
        var note: String? = nil
        var tags: Set<String> = ["b", "a", "c"]
        var ratio = Double.nan
        var amount = Decimal(string: "3.10")!
        var limit = Decimal.nan
        var byPrivacy: [Privacy: Int] = [.pub: 1, .priv: 2]
        var single = -Float.infinity
    }

    @Test func aStateHoldingADecimalOrANaNKeepsEveryReadableForm() throws {
        let text = try Self.stateText(Mixed())
        #expect(
            text
                == #"{"amount":3.1,"byPrivacy":{"private":2,"public":1},"limit":"nan","note":null,"phase":"idle","ratio":"nan","single":"-inf","tags":["a","b","c"]}"#
        )
        #expect(try Self.reflected(Held(value: Mixed())) == #"{"value":\#(text)}"#)
    }

    @Test func theProtocolListsTheTable() throws {
        let text = try String(contentsOf: DocumentationTests.root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        #expect(text.contains(ValueKind.markdown + "\n"), "docs/PROTOCOL.md's table of value forms is not ValueKind.markdown:\n\(ValueKind.markdown)")
    }
}
