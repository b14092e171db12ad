import Foundation
import Testing
import ViewModelREPL

/// The state encoder writes exactly what JSONEncoder writes (sorted keys, slashes as is, default
/// date and data strategies), and hands what it does not handle to JSONEncoder.
struct StateEncoderTests {
    static let reference: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One encoder for every value, as a screen keeps one: what one value leaves must not reach the next.
    let encoder = StateEncoder(forms: .codable)

    /// Encodes with both and checks the bytes are the same, or that both fail.
    private func same<Value: Encodable>(_ value: Value, _ comment: Comment? = nil) {
        let expected = (try? Self.reference.encode(value)).map { Array($0) }
        let actual = try? encoder.encode(value, fallback: Self.reference)
        #expect(actual == expected, comment)
        if actual != expected {
            print(String(decoding: expected ?? [], as: UTF8.self), String(decoding: actual ?? [], as: UTF8.self))
        }
    }

    struct Everything: Codable, Equatable {
        var text: String
        var number: Int
        var small: Int8
        var big: UInt64
        var real: Double
        var single: Float?
        var flag: Bool
        var maybe: Int?
        var maybeMaybe: String??
        var list: [Int]
        var nested: [[String]]
        var byName: [String: Int]
        var byNumber: [Int: String]
        var byID: [UUID: Bool]
        var date: Date
        var data: Data
        var url: URL
        var choice: Choice
        var kind: Kind
        var empty: Empty
        var children: [Everything]
        // Members declared out of key order, so the encoder has to sort them.
        var zeta: Int
        var alpha: Int
    }

    enum Choice: Codable, Equatable {
        case none
        case one(Int)
        case pair(label: String, value: Double?)
    }

    enum Kind: String, Codable, Equatable {
        case plain
        case fancy = "fancy/kind"
    }

    struct Empty: Codable, Equatable {}

    /// Every escape class, a slash, a line separator, the replacement character, emoji and accents.
    static let awkwardScalars: [Unicode.Scalar] =
        (0..<0x20).compactMap(Unicode.Scalar.init) + [
            "\"", "\\", "/", "\u{7F}", "\u{2028}", "\u{2029}", "\u{FFFD}", "\u{E000}", "\u{10000}", "😀", "é", "e", "\u{301}", " ", "a", "Z", "_",
        ]

    private func string(_ generator: inout SplitMix) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            text.append(Self.awkwardScalars.randomElement(using: &generator)!)
        }
        return String(text)
    }

    private func double(_ generator: inout SplitMix) -> Double {
        switch Int.random(in: 0..<6, using: &generator) {
        case 0:
            return [0, -0.0, 1, -1, 0.1, 1e15, 1e16, 1e17, 1e21, 1e-7, Double.leastNonzeroMagnitude, .greatestFiniteMagnitude, .leastNormalMagnitude]
                .randomElement(using: &generator)!
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &generator))
        case 2: return Double.random(in: -1...1, using: &generator)
        default:
            let value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            return value.isFinite ? value : 1.5
        }
    }

    private func float(_ generator: inout SplitMix) -> Float {
        let value = Float(double(&generator))
        return value.isFinite ? value : 2.5
    }

    func everything(_ generator: inout SplitMix, depth: Int) -> Everything {
        let keys = (0..<Int.random(in: 0...4, using: &generator)).map { _ in string(&generator) }
        return Everything(
            text: string(&generator), number: Int.random(in: Int.min...Int.max, using: &generator),
            small: Int8.random(in: Int8.min...Int8.max, using: &generator), big: UInt64.random(in: 0...UInt64.max, using: &generator),
            real: double(&generator), single: Bool.random(using: &generator) ? nil : float(&generator), flag: Bool.random(using: &generator),
            maybe: Bool.random(using: &generator) ? nil : 7,
            maybeMaybe: [nil, .some(nil), .some("x")].randomElement(using: &generator)!,
            list: (0..<Int.random(in: 0...3, using: &generator)).map { $0 }, nested: [[string(&generator)], []],
            byName: Dictionary(keys.map { ($0, 1) }, uniquingKeysWith: { a, _ in a }),
            byNumber: [Int.random(in: -5...5, using: &generator): "n", 10: "ten"], byID: [UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!: true],
            date: Date(timeIntervalSinceReferenceDate: double(&generator)), data: Data((0..<Int.random(in: 0...5, using: &generator)).map { UInt8($0 * 51) }),
            url: URL(string: "https://example.org/a/b?q=\(Int.random(in: 0...9, using: &generator))")!,
            choice: [Choice.none, .one(3), .pair(label: string(&generator), value: Bool.random(using: &generator) ? nil : double(&generator))]
                .randomElement(using: &generator)!,
            kind: Bool.random(using: &generator) ? .plain : .fancy, empty: Empty(),
            children: depth > 0 ? (0..<Int.random(in: 0...2, using: &generator)).map { _ in everything(&generator, depth: depth - 1) } : [],
            zeta: 1, alpha: 2)
    }

    @Test func randomValuesEncodeExactlyAsJSONEncoderDoes() {
        var generator = SplitMix(seed: 18)
        for round in 0..<500 {
            let value = everything(&generator, depth: 2)
            // Its own output, not JSONEncoder's through the fallback.
            #expect((try? encoder.encodeIfHandled(value)) != nil, "round \(round) fell back")
            same(value, "round \(round)")
        }
    }

    @Test func topLevelScalarsCollectionsAndEdges() {
        same("a\u{8}b\u{C}c/\u{2028}")
        same(42)
        same(Optional<Int>.none)
        same([Optional<Int>.none, 1])
        same([Double]([0.1, -0.0, 1e20, 1e-7, 123_456_789_012_345_680]))
        same([Float]([0.1, 3.4e38, .leastNonzeroMagnitude]))
        same(["b": 1, "a": 2, "B": 3, "é": 4, "e\u{301}x": 5, "\u{E000}": 6, "\u{10000}": 7])
        same([String: [String: Int]]())
        same([Empty(), Empty()])
        same(Kind.fancy)
    }

    final class Base: Encodable {
        var name = "base"
    }

    final class Wrapper: Encodable {
        var value = Decimal(string: "1.25")!
    }

    /// A subclass-style value: two containers for one value, which JSONEncoder merges.
    struct TwoContainers: Encodable {
        enum Keys: CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Keys.self)
            try first.encode(1, forKey: .b)
            var second = encoder.container(keyedBy: Keys.self)
            try second.encode(2, forKey: .a)
        }
    }

    /// A nested container filled after a later sibling was written.
    struct LateNested: Encodable {
        enum Keys: CodingKey { case inner, after, value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try container.encode(1, forKey: .after)
            try inner.encode(2, forKey: .value)
        }
    }

    struct Refused: Error {}

    /// A value that writes a member, then throws.
    struct Failing: Encodable {
        enum Keys: CodingKey { case written }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .written)
            throw Refused()
        }
    }

    /// A value that encodes one which throws, carries on, then writes more of its own type.
    struct Forgiving: Encodable {
        enum Keys: CodingKey { case failed, leaf, more }
        var depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try? container.encode(Failing(), forKey: .failed)
            try container.encode(Leaf(name: "after"), forKey: .leaf)
            if depth > 0 { try container.encode(Forgiving(depth: depth - 1), forKey: .more) }
        }
    }

    struct Leaf: Codable, Equatable {
        var name: String
        var children: [Leaf] = []
    }

    /// Keyed containers are made once per key type and lent to one value at a time: values of
    /// one type side by side, nested in each other, after a value that threw, and after a value
    /// whose error was caught mid-way all come out as JSONEncoder writes them.
    @Test func lentContainersNeverMixTwoValues() throws {
        let tree = Leaf(name: "root", children: [Leaf(name: "a", children: [Leaf(name: "a1"), Leaf(name: "a2")]), Leaf(name: "b")])
        same(tree)
        same([tree, tree])
        #expect(throws: Refused.self) { try encoder.encode(Failing(), fallback: Self.reference) }
        same(tree, "after a value that threw")
        same(Forgiving(depth: 2), "an error caught mid-way")
        same(tree, "after an error caught mid-way")
    }

    @Test func whatItDoesNotHandleIsJSONEncodersOutputOrError() throws {
        #expect(try StateEncoder(forms: .codable).encodeIfHandled(Wrapper()) == nil)
        #expect(try StateEncoder(forms: .codable).encodeIfHandled(TwoContainers()) == nil)
        #expect(try StateEncoder(forms: .codable).encodeIfHandled(LateNested()) == nil)
        same(Wrapper(), "Decimal")
        same([Double.nan], "NaN fails in both")
        same(["x": Double.infinity], "infinity fails in both")
        same(TwoContainers(), "merged containers")
        same(LateNested(), "a container used after a later sibling")
        same(Base())
    }
}
