import Foundation
import Testing

@testable import ViewModelREPL

/// Values of every type written straight from memory, with the edges of their JSON forms:
/// escapes, non-finite numbers, fractional dates, sets whose order depends on escapes.
@MainActor
private final class Plain {
    var text = "quote \" back \\ tab \t nul \u{0} é 🙂"
    var empty = ""
    var flag = true
    var count = Int.min
    var ratio = 0.1
    var infinite = Double.infinity
    var missing = Double.nan
    var moment = Date(timeIntervalSince1970: 1_796_000_000.25)
    var noText: String?
    var someText: String? = "x"
    var noDate: Date?
    var someRatio: Double? = -2.5
    var names = ["b", "a\"", ""]
    var numbers = [3, -1, 0]
    var flags = [false, true]
    var tags: Set<String> = ["b", "a\"", "a", "\\", "é", ""]
    var ids: Set<Int> = [10, 9, -1, 100]
    var spot = Spot()
    var noFailure: (any Error)?
    var failure: (any Error)? = PlainError.broken
    var maybeSpot: Spot? = Spot()
    var noSpot: Spot?
    var onTap: (() -> Void)?
    var handlers: [String: () -> Void] = ["save": {}]
    var steps: [(Int) -> Int] = [{ $0 }]
    var maybeHandlers: [String: () -> Void]? = [:]

    struct Spot {
        var row = 2
        var label: String? = "z\n"
        var marks: Set<Bool> = [true, false]
        var onMove: [() -> Void] = [{}]
    }
}

/// A view model built on a base class of its team's: the base's properties come first.
@MainActor
private class BaseModel {
    var title = "base"
    weak var owner: BaseModel?
}

@MainActor
private final class DerivedModel: BaseModel {
    var count = 2
    var phase: Phase = .done(3)
    let parent = BaseModel()

    enum Phase {
        case idle
        case done(Int)
    }
}

@Suite struct DirectJSONTests {
    /// Each field written from memory is what the boxed path writes for the same value.
    @MainActor
    @Test func fieldsWrittenFromMemoryMatchTheBoxedPath() throws {
        let reflector = ValueReflector()
        let model = Plain()
        let whole = ByteBuffer()
        try reflector.writeProperties(of: model, observable: false, to: whole)
        let written = try JSONParser.parse(String(decoding: whole.bytes, as: UTF8.self), maximumDepth: 64)
        guard case .object(let members) = written else { throw DirectJSONFailure.notAnObject }
        let fields = reflector.fields(of: model).filter { !reflector.isLeftOut($0.value) }
        #expect(members.count == fields.count)
        for field in fields {
            let boxed = ByteBuffer()
            try reflector.writeValue(field.value, to: boxed)
            let expected = try JSONParser.parse(String(decoding: boxed.bytes, as: UTF8.self), maximumDepth: 64)
            #expect(members.first { $0.key == field.name }?.value == expected, "\(field.name)")
        }
        // Checked as text too: the same bytes, not only the same values.
        let text = String(decoding: whole.bytes, as: UTF8.self)
        #expect(text.contains(#""tags":["","\\","a","a\"","b","é"]"#))
        #expect(text.contains(#""infinite":"inf""#) && text.contains(#""missing":"nan""#))
        #expect(text.contains(#""ids":[-1,10,100,9]"#))
        #expect(text.contains(#""spot":{"label":"z\n","marks":[false,true],"onMove":[],"row":2}"#))
        #expect(text.contains(#""failure":{"description":"#) && text.contains(#""noFailure":null"#) && text.contains(#""noSpot":null"#))
        // Closures are left out wherever they are stored: a class's or a struct's field, an array's
        // elements, a dictionary's values.
        #expect(!text.contains("onTap") && !text.contains("Function"))
        #expect(text.contains(#""handlers":{}"#) && text.contains(#""steps":[]"#) && text.contains(#""onMove":[]"#))
    }

    /// A subclass is read through its layout too, its superclass's fields included, and its
    /// fields' declared types are known.
    @MainActor
    @Test func aSubclassShowsItsBaseClassFieldsAndTheirTypes() throws {
        let reflector = ValueReflector()
        let model = DerivedModel()
        model.owner = model.parent
        let out = ByteBuffer()
        try reflector.writeProperties(of: model, observable: false, to: out)
        #expect(
            String(decoding: out.bytes, as: UTF8.self)
                == #"{"count":2,"owner":{"owner":null,"title":"base"},"parent":{"owner":null,"title":"base"},"phase":{"done":3},"title":"base"}"#)
        #expect(reflector.fields(of: model).map(\.name) == ["title", "owner", "count", "phase", "parent"])
        let types = reflector.declaredTypes(of: model).mapValues { TypeName.of($0) }
        #expect(types == ["title": "String", "owner": "BaseModel?", "count": "Int", "phase": "Phase", "parent": "BaseModel"])
    }

    /// Which types are written from memory: leaves, optionals of leaves, arrays and sets of the
    /// leaves whose `Encodable` form is the same; nothing else.
    @Test func onlyTypesWithOneFormAreWrittenDirectly() {
        #expect(String.self as Any.Type is any DirectJSON.Type)
        #expect(Date?.self as Any.Type is any DirectJSON.Type)
        #expect([Int].self as Any.Type is any DirectJSON.Type)
        #expect(Set<String>.self as Any.Type is any DirectJSON.Type)
        #expect(!([Double].self as Any.Type is any DirectJSON.Type))
        #expect(!([Date].self as Any.Type is any DirectJSON.Type))
        #expect(!([String]?.self as Any.Type is any DirectJSON.Type))
        #expect(!(Int8.self as Any.Type is any DirectJSON.Type))
    }
}

private enum PlainError: Error {
    case broken
}

private enum DirectJSONFailure: Error {
    case notAnObject
}
