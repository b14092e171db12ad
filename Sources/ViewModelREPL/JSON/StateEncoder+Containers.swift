import Foundation

/// The containers ``StateEncoder`` hands to `encode(to:)`: each writes into the one buffer at the
/// place its container is open.
extension StateEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let writer: Writer
        let serial: Int
        var codingPath: [any CodingKey] { [] }

        private func begin(_ key: Key) throws {
            try writer.beginElement(in: serial, key: key.stringValue)
        }

        mutating func encodeNil(forKey key: Key) throws {
            try begin(key)
            writer.bytes.append(Writer.nullBytes)
        }

        mutating func encode(_ value: Bool, forKey key: Key) throws {
            try begin(key)
            writer.bytes.append(value ? Writer.trueBytes : Writer.falseBytes)
        }

        mutating func encode(_ value: String, forKey key: Key) throws {
            try begin(key)
            writer.appendString(value)
        }

        mutating func encode(_ value: Double, forKey key: Key) throws {
            try begin(key)
            try writer.appendDouble(value)
        }

        mutating func encode(_ value: Float, forKey key: Key) throws {
            try begin(key)
            try writer.appendFloat(value)
        }

        mutating func encode(_ value: Int, forKey key: Key) throws {
            try begin(key)
            JSONWriter.append(value, to: writer.bytes)
        }

        mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, key) }

        private func encodeInteger(_ value: some BinaryInteger, _ key: Key) throws {
            try begin(key)
            writer.appendInteger(value)
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try begin(key)
            try writer.encodeValue(value)
        }

        // `nil` is left out by JSONEncoder, and written as `null` in readable forms.
        private mutating func encodeMissing(forKey key: Key) throws {
            if writer.readable { try encodeNil(forKey: key) }
        }

        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeMissing(forKey: key) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            writer.nestedObject(keyedBy: keyType) { try begin(key) }
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            writer.nestedArray { try begin(key) }
        }

        mutating func superEncoder() -> any Encoder {
            writer.gaveUp = true
            return writer
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            writer.gaveUp = true
            return writer
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let writer: Writer
        let serial: Int
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(writer: Writer, serial: Int) {
            self.writer = writer
            self.serial = serial
        }

        private mutating func begin() throws {
            try writer.beginElement(in: serial)
            count += 1
        }

        mutating func encodeNil() throws {
            try begin()
            writer.bytes.append(Writer.nullBytes)
        }

        mutating func encode(_ value: Bool) throws {
            try begin()
            writer.bytes.append(value ? Writer.trueBytes : Writer.falseBytes)
        }

        mutating func encode(_ value: String) throws {
            try begin()
            writer.appendString(value)
        }

        mutating func encode(_ value: Double) throws {
            try begin()
            try writer.appendDouble(value)
        }

        mutating func encode(_ value: Float) throws {
            try begin()
            try writer.appendFloat(value)
        }

        mutating func encode(_ value: Int) throws {
            try begin()
            JSONWriter.append(value, to: writer.bytes)
        }

        mutating func encode(_ value: Int8) throws { try encodeInteger(value) }
        mutating func encode(_ value: Int16) throws { try encodeInteger(value) }
        mutating func encode(_ value: Int32) throws { try encodeInteger(value) }
        mutating func encode(_ value: Int64) throws { try encodeInteger(value) }
        mutating func encode(_ value: UInt) throws { try encodeInteger(value) }
        mutating func encode(_ value: UInt8) throws { try encodeInteger(value) }
        mutating func encode(_ value: UInt16) throws { try encodeInteger(value) }
        mutating func encode(_ value: UInt32) throws { try encodeInteger(value) }
        mutating func encode(_ value: UInt64) throws { try encodeInteger(value) }

        private mutating func encodeInteger(_ value: some BinaryInteger) throws {
            try begin()
            writer.appendInteger(value)
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try begin()
            try writer.encodeValue(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let writer = writer
            return writer.nestedObject(keyedBy: keyType) { try begin() }
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let writer = writer
            return writer.nestedArray { try begin() }
        }

        mutating func superEncoder() -> any Encoder {
            writer.gaveUp = true
            return writer
        }
    }

    /// Writes one value in place: a `RawRepresentable` enum's raw value, an `Optional`'s `null`.
    struct SingleValueContainer: SingleValueEncodingContainer {
        let writer: Writer
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { writer.bytes.append(Writer.nullBytes) }
        mutating func encode(_ value: Bool) throws { writer.bytes.append(value ? Writer.trueBytes : Writer.falseBytes) }
        mutating func encode(_ value: String) throws { writer.appendString(value) }
        mutating func encode(_ value: Double) throws { try writer.appendDouble(value) }
        mutating func encode(_ value: Float) throws { try writer.appendFloat(value) }
        mutating func encode(_ value: Int) throws { JSONWriter.append(value, to: writer.bytes) }
        mutating func encode(_ value: Int8) throws { writer.appendInteger(value) }
        mutating func encode(_ value: Int16) throws { writer.appendInteger(value) }
        mutating func encode(_ value: Int32) throws { writer.appendInteger(value) }
        mutating func encode(_ value: Int64) throws { writer.appendInteger(value) }
        mutating func encode(_ value: UInt) throws { writer.appendInteger(value) }
        mutating func encode(_ value: UInt8) throws { writer.appendInteger(value) }
        mutating func encode(_ value: UInt16) throws { writer.appendInteger(value) }
        mutating func encode(_ value: UInt32) throws { writer.appendInteger(value) }
        mutating func encode(_ value: UInt64) throws { writer.appendInteger(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try writer.encodeValue(value) }
    }
}

extension StateEncoder {
    /// A keyed container kept by the writer to lend again; see ``LendableKeyedContainer``.
    class LendableContainer {
        /// The coding-key type it was made for.
        let keys: ObjectIdentifier
        /// The serial of the frame it writes to.
        let serial: Int
        /// Whether a value's `encode(to:)` holds it now.
        var isLent = false

        init(keys: ObjectIdentifier, serial: Int) {
            self.keys = keys
            self.serial = serial
        }
    }

    /// A `KeyedEncodingContainer` for one coding-key type, made once and lent to each value of
    /// that type in turn.
    final class LendableKeyedContainer<Key: CodingKey>: LendableContainer {
        let container: KeyedEncodingContainer<Key>

        init(container: KeyedEncodingContainer<Key>, serial: Int) {
            self.container = container
            super.init(keys: ObjectIdentifier(Key.self), serial: serial)
        }
    }
}
