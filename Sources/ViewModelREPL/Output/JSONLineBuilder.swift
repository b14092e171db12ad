/// Builds each protocol line as a JSON value rather than bytes, for front ends that carry lines
/// inside messages of their own (MCP results), so they never read back text they wrote.
@MainActor
package final class JSONLineBuilder: ProtocolLineTarget {
    /// States nest as deep as the app's types; one deeper than this is carried as its text.
    static let maximumStateDepth = 512

    private var members: [(key: String, value: JSONValue)] = []
    /// The line last closed.
    private(set) var line: JSONValue = .null

    package init() {}

    package func begin(_ type: StaticString, seq: Int, tag: RequestTag?, push: Bool) {
        members = [("type", .string(type.description)), ("seq", .int(seq))]
        if let tag {
            if let id = tag.id { members.append(("id", id)) }
            members.append(("line", .int(tag.line)))
        }
        if push { members.append(("push", .bool(true))) }
    }

    package func field(_ name: StaticString, _ value: String) {
        members.append((name.description, .string(value)))
    }

    package func field(_ name: StaticString, _ value: Int) {
        members.append((name.description, .int(value)))
    }

    package func field(_ name: StaticString, _ value: Bool) {
        members.append((name.description, .bool(value)))
    }

    package func field(_ name: StaticString, _ value: JSONValue) {
        members.append((name.description, value))
    }

    package func field(_ name: StaticString, encoded: [UInt8]) {
        let value = encoded.withUnsafeBufferPointer { try? JSONParser.parse($0, maximumDepth: Self.maximumStateDepth) }
        members.append((name.description, value ?? .string(String(decoding: encoded, as: UTF8.self))))
    }

    package func screen(_ screen: String, model: ModelKind) {
        members.append(("screen", .string(screen)))
        members.append(("model", .string(model.rawValue)))
    }

    package func end() {
        line = .object(members)
        members = []
    }

    package func flush() {}

    package var isClosed: Bool { false }
}
