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
        #expect(TypeName.of([Int: Optional<[String]>].self) == "[Int: [String]?]")
        #expect(TypeName.of(((Int) -> Int).self) == "(Int) -> Int")
        #expect(TypeName.isClosure(((Int) -> Int).self))
        #expect(TypeName.isClosure(Optional<Optional<() -> Void>>.self))
        #expect(!TypeName.isClosure([(Int) -> Int].self))
        #expect(!TypeName.isClosure(String.self))
    }
}
