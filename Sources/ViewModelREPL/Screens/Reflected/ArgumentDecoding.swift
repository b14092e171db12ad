import Foundation

/// Decodes the arguments of actions, bindings and mocked fields of hosted view models from JSON, as
/// the reflected state prints them: dates as ISO 8601 text (or the number `JSONDecoder` reads).
package enum ArgumentDecoding {
    /// A decoder whose only change from the default is what a date may be written as: ISO 8601
    /// text, as readable states print it, or the number `JSONEncoder` writes.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        // NaN and the infinities as the readable forms write them, so what `state` printed reads back.
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) { return Date(timeIntervalSinceReferenceDate: seconds) }
            let text = try container.decode(String.self)
            if let date = ISODate.parse(text) { return date }
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO 8601 date such as 2026-12-03T09:30:00Z")
        }
        return decoder
    }

    /// Decodes `value` as `type`.
    package static func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws -> Value {
        // The commonest arguments, with no decoder made: the bit cast is between one type and itself.
        switch value {
        case .string(let text) where Value.self == String.self: return unsafeBitCast(text, to: Value.self)
        case .int(let number) where Value.self == Int.self: return unsafeBitCast(number, to: Value.self)
        case .bool(let flag) where Value.self == Bool.self: return unsafeBitCast(flag, to: Value.self)
        default: break
        }
        if let direct = JSONValueDecoder.decodeIfHandled(type, from: value) { return direct }
        do {
            return try makeDecoder().decode(type, from: Data(JSONWriter.bytes(value)))
        } catch DecodingError.dataCorrupted(let context) where context.underlyingError != nil || context.debugDescription.contains("valid JSON") {
            // The text is ours and valid: what JSONDecoder calls corrupt is a number its type cannot hold.
            throw DecodingFailure(reason: Messages.outOfRange(context.codingPath.isEmpty ? JSONWriter.string(value) : nil, type: TypeName.of(type)))
        } catch {
            throw DecodingFailure(reason: DecodingFailure.reason(for: error, decoding: type, from: value))
        }
    }

    /// Decodes the member `name` of an action's arguments.
    static func decode<Value: Decodable>(_ type: Value.Type, named name: String, from members: [(key: String, value: JSONValue)]) throws -> Value {
        let value = members.first { $0.key == name }?.value ?? .null
        do {
            return try decode(type, from: value)
        } catch let failure as DecodingFailure {
            throw DecodingFailure(reason: "\(name): \(failure.reason)")
        }
    }

    /// Decodes `value` as the type of `sample` (a value read by reflection), or returns `nil` when
    /// that type is not `Decodable`.
    static func decode(_ value: JSONValue, asTypeOf sample: Any) throws -> Any? {
        guard let type = Swift.type(of: sample) as? any Decodable.Type else { return nil }
        return try decode(type, from: value)
    }
}
