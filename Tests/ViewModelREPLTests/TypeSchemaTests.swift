import Foundation
import Testing

@testable import ViewModelREPL

/// A state's JSON Schema, read from its types, and never saying what the state is not.
struct TypeSchemaTests {
    struct Trip {
        var when: Date
        var note: String?
        var tags: Set<String>
        var phase: EnumCasesTests.Phase
    }

    @Test func theSchemaFollowsTheReadableForms() {
        let schema = TypeSchema.of(Trip.self)
        #expect(schema["required"] == .array([.string("phase"), .string("tags"), .string("when")]))
        #expect(JSONWriter.string(schema["properties"]?["when"] ?? .null) == #"{"type":"string","format":"date-time"}"#)
        #expect(JSONWriter.string(schema["properties"]?["note"] ?? .null) == #"{"anyOf":[{"type":"string"},{"type":"null"}]}"#)
        #expect(schema["properties"]?["tags"]?["uniqueItems"] == .bool(true))
        guard case .array(let cases)? = schema["properties"]?["phase"]?["oneOf"] else {
            Issue.record("no cases")
            return
        }
        #expect(cases.count == 4)
        #expect(cases.last == .object([("const", .string("idle"))]))
    }

    @Test func aPartTheStateShowsOtherwiseIsLeftOpen() throws {
        let schema = TypeSchema.of(Trip.self)
        // A type with its own Codable printing other members than its properties.
        let state = try JSONParser.parse(#"{"when":"x","note":null,"tags":[],"phase":{"derived":true}}"#)
        let checked = TypeSchema.checked(schema, against: state)
        #expect(checked["properties"]?["phase"] == .object([]))
        #expect(checked["properties"]?["when"] == schema["properties"]?["when"])
        let other = try JSONParser.parse(#"{"when":"x","shown":1}"#)
        #expect(TypeSchema.checked(schema, against: other) == .object([]))
    }
}
