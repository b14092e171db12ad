import Foundation
import Testing
import ViewModelREPL

/// Decoding from a parsed value gives what JSONDecoder gives from the same text, or hands over.
struct JSONValueDecoderTests {
    typealias Everything = StateEncoderTests.Everything

    /// The value decoded both ways, written again by JSONEncoder (which shows -0 and every bit).
    private func bytes<Value: Encodable>(_ value: Value?) -> Data? {
        value.flatMap { try? StateEncoderTests.reference.encode($0) }
    }

    @Test func randomValuesDecodeAsJSONDecoderDecodesThem() throws {
        var generator = SplitMix(seed: 20_261_202)
        var handled = 0
        for round in 0..<500 {
            let original = StateEncoderTests().everything(&generator, depth: 2)
            let text = try StateEncoderTests.reference.encode(original)
            let parsed = try JSONParser.parse(String(decoding: text, as: UTF8.self), maximumDepth: 512)
            let reference = try JSONDecoder().decode(Everything.self, from: text)
            let direct = JSONValueDecoder.decodeIfHandled(Everything.self, from: parsed)
            #expect((direct != nil) == !needsJSONDecoder(original), "round \(round)")
            if let direct {
                handled += 1
                #expect(bytes(direct) == bytes(reference), "round \(round)")
                #expect(direct == reference, "round \(round)")
            }
        }
        #expect(handled > 20)
    }

    /// A Float (its text rounds differently through a Double) anywhere is JSONDecoder's to read; an
    /// integer above Int.max is read from its digits.
    private func needsJSONDecoder(_ value: Everything) -> Bool {
        value.single != nil || value.children.contains(where: needsJSONDecoder)
    }

    struct Counter: Codable, Equatable {
        var count: Int
        var ratio: Double
    }

    @Test func numbersOnlyWhereJSONDecoderReadsThemTheSame() throws {
        #expect(JSONValueDecoder.decodeIfHandled(Counter.self, from: try JSONParser.parse(#"{"count":3,"ratio":-0}"#))?.ratio.sign == .minus)
        #expect(JSONValueDecoder.decodeIfHandled(Counter.self, from: try JSONParser.parse(#"{"count":3,"ratio":2}"#)) == Counter(count: 3, ratio: 2))
        // A fractional count, a missing member, a string for a number: JSONDecoder decides and words the error.
        #expect(JSONValueDecoder.decodeIfHandled(Counter.self, from: try JSONParser.parse(#"{"count":3.0,"ratio":1}"#)) == nil)
        #expect(JSONValueDecoder.decodeIfHandled(Counter.self, from: try JSONParser.parse(#"{"ratio":1}"#)) == nil)
        #expect(JSONValueDecoder.decodeIfHandled(Counter.self, from: try JSONParser.parse(#"{"count":"3","ratio":1}"#)) == nil)
    }

    /// A value that catches a failed member itself must not take a default JSONDecoder would not.
    struct Lenient: Decodable {
        var count: Int
        enum Keys: CodingKey { case count }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            count = (try? container.decode(Int.self, forKey: .count)) ?? -1
        }
    }

    /// A number below a Double's range is no Double, not 0: kept as its text, unequal to 0, and
    /// refused as out of range where a Double (or a struct holding one) is asked for, as one above it is.
    @Test func aNumberBelowADoublesRangeIsRefusedNotRoundedToZero() throws {
        #expect(try JSONParser.parse("1e-400") == .number("1e-400"))
        #expect(try JSONParser.parse("4e-4951") != .int(0))
        #expect(try JSONParser.parse("0e-400") == .double(0))
        #expect(try JSONParser.parse("0.0") == .double(0))
        #expect(throws: (any Error).self) { try ArgumentDecoding.decode(Double.self, from: JSONParser.parse("1e-400")) }
        #expect(throws: (any Error).self) { try ArgumentDecoding.decode([Double].self, from: JSONParser.parse("[1, 1e-400]")) }
        #expect(try ArgumentDecoding.decode(Double.self, from: JSONParser.parse("1e-300")) == 1e-300)
    }

    @Test func aFailureTheValueCaughtStillHandsOver() throws {
        #expect(JSONValueDecoder.decodeIfHandled(Lenient.self, from: try JSONParser.parse(#"{"count":1.0}"#)) == nil)
        #expect(JSONValueDecoder.decodeIfHandled(Lenient.self, from: try JSONParser.parse(#"{"count":2}"#))?.count == 2)
    }
}
