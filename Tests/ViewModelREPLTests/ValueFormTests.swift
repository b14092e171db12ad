import Foundation
import Testing

@testable import ViewModelREPL

/// The leaf forms every path writes: dates that read back as themselves, numbers in their own
/// shortest text, type names with their functions and optionals written as Swift writes them.
@MainActor
struct ValueFormTests {
    @Test(arguments: [
        ("2025-12-03T09:30:20.999Z", "2025-12-03T09:30:20.999Z"), ("2025-12-03T09:30:20.001Z", "2025-12-03T09:30:20.001Z"),
        ("2025-12-03T09:30:20.5Z", "2025-12-03T09:30:20.500Z"), ("2025-12-03T09:30:20Z", "2025-12-03T09:30:20Z"),
        ("1970-01-01T00:00:00.999Z", "1970-01-01T00:00:00.999Z"),
    ])
    func aDateReadBackFromItsTextIsWrittenAsThatText(text: String, expected: String) throws {
        let written = ISODate.text(try #require(ISODate.parse(text)))
        #expect(written == expected)
        #expect(ISODate.text(try #require(ISODate.parse(written))) == written)
    }

    @Test func datesAreProlepticGregorianAndNeverClamped() throws {
        #expect(ISODate.text(Date.distantPast) == "0000-12-30T00:00:00Z")
        #expect(ISODate.text(Date.distantFuture) == "4001-01-01T00:00:00Z")
        #expect(ISODate.text(Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
        #expect(ISODate.text(Date(timeIntervalSince1970: 951_825_600.5)) == "2000-02-29T12:00:00.500Z")
        let lastOfYear9999 = try #require(ISODate.parse("9999-12-31T23:59:59Z"))
        #expect(ISODate.text(lastOfYear9999.addingTimeInterval(1)) == "+10000-01-01T00:00:00Z")
        for text in ["+10000-01-01T00:00:00Z", "-4713-11-24T12:00:00Z", "0000-02-29T00:00:00Z", "-0001-12-31T23:59:59.250Z", "+2000000-06-15T01:02:03Z"] {
            #expect(ISODate.text(try #require(ISODate.parse(text), "\(text)")) == text)
        }
        // Days and dates agree both ways across eras, leap days and the year 0.
        for days in stride(from: Int64(-1_000_000), through: 1_000_000, by: 997) {
            let civil = ISODate.civil(fromDays: days)
            #expect(ISODate.days(year: civil.year, month: civil.month, day: civil.day) == days)
        }
        for text in ["2025-02-29T00:00:00Z", "10000-01-01T00:00:00Z", "2025-13-01T00:00:00Z", "2025-01-01T24:00:00Z", "+99999999-01-01T00:00:00Z"] {
            #expect(ISODate.parse(text) == nil, "\(text)")
        }
        // Past about three million years from 1970, a date is its description.
        #expect(ISODate.text(Date(timeIntervalSince1970: 1e15)) == Date(timeIntervalSince1970: 1e15).description)
        // A date of NaN or infinite seconds is that number's readable form, never its description (which traps).
        #expect(ISODate.text(Date(timeIntervalSince1970: .nan)) == "nan")
        #expect(ISODate.text(Date(timeIntervalSince1970: -.infinity)) == "-inf")
        #expect(ISODate.text(Date(timeIntervalSince1970: .infinity)) == "inf")
        #expect(try ArgumentDecoding.decode(Date.self, from: .string("nan")).timeIntervalSince1970.isNaN)
        #expect(ISODate.parse("2025-12-03T10:30:00+01:00") == ISODate.parse("2025-12-03T09:30:00Z"))
    }

    indirect enum Chain: Codable {
        case end
        case link(Chain)
    }

    @Test func aCodableStateDeeperThanTheBoundIsCutAndCanBeReadAsJSON() throws {
        var chain = Chain.end
        for _ in 0..<5_000 { chain = .link(chain) }
        let text = String(decoding: try StateEncoder().encode(chain, fallback: StateEncoder.fallbackEncoder(for: .readable)), as: UTF8.self)
        // Cut where reflection cuts, so the line is read back (the parser stops at 512 levels) and compared.
        let cut = #""\#(Messages.cutDeeper(than: StateEncoder.maximumDepth))""#
        #expect(
            text == String(repeating: #"{"link":"#, count: StateEncoder.maximumDepth + 1) + cut + String(repeating: "}", count: StateEncoder.maximumDepth + 1))
        #expect(throws: Never.self) { try JSONParser.parse(text, maximumDepth: 512) }
        let reflected = ByteBuffer()
        try ValueReflector().writeValue(chain, to: reflected)
        #expect(String(decoding: reflected.bytes, as: UTF8.self) == text)
        // JSONEncoder's own form, asked for, is not cut (kept shallow here: it recurses once per level).
        var shallow = Chain.end
        for _ in 0..<100 { shallow = .link(shallow) }
        let codable = try StateEncoder(forms: .codable).encode(shallow, fallback: StateEncoder.fallbackEncoder(for: .codable))
        #expect(codable.count > 100 * 8)
    }

    @Test func numbersAreWrittenInTheirOwnShortestText() throws {
        func written(_ value: Any) throws -> String {
            let out = ByteBuffer()
            try ValueReflector().writeValue(value, to: out)
            return String(decoding: out.bytes, as: UTF8.self)
        }
        #expect(try written(Float(0.1)) == "0.1")
        #expect(try written(Float(3)) == "3")
        #expect(try written(Float.nan) == #""nan""#)
        #expect(try written(-0.0) == "-0")
        #expect(try written(Decimal(string: "3.14159265358979323846264338327950288")!) == "3.14159265358979323846264338327950288")
        #expect(try written(Decimal.nan) == #""nan""#)
        #expect(try written([Double.nan, 1]) == #"["nan",1]"#)
        #expect(try written(Int8.min) == "-128")
        #expect(try written(UInt64.max) == "18446744073709551615")
    }

    @Test func typeNamesKeepFunctionsAndShortenWhatIsInsideThem() {
        #expect(TypeName.of(Optional<() -> Void>.self) == "(() -> ())?")
        #expect(TypeName.of((title: String, action: Optional<() -> Void>).self) == "(title: String, action: (() -> ())?)")
        #expect(TypeName.of([Int: [String]?].self) == "[Int: [String]?]")
        #expect(TypeName.of(((Int) -> Int).self) == "(Int) -> Int")
        #expect(TypeName.isClosure(((Int) -> Int).self))
        #expect(TypeName.isClosure(Optional<(() -> Void)?>.self))
        #expect(!TypeName.isClosure([(Int) -> Int].self))
        #expect(!TypeName.isClosure(String.self))
    }
}
