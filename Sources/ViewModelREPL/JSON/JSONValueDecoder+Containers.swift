/// The containers ``JSONValueDecoder`` hands to `init(from:)`, over a parsed object, array or value.
extension JSONValueDecoder {
    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let members: [(key: String, value: JSONValue)]
        let session: Session
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool {
            lookup(key) != nil
        }

        /// The member named `key`; an object with the name twice is JSONDecoder's to read.
        private func lookup(_ key: Key) -> JSONValue? {
            let name = key.stringValue
            let length = name.utf8.count
            var found = -1
            // By position, so no member is copied (and retained) just to look at its name; lengths
            // first, since comparing two different short strings costs more than their lengths.
            for index in members.indices where members[index].key.utf8.count == length && members[index].key == name {
                if found >= 0 {
                    session.gaveUp = true
                    return nil
                }
                found = index
            }
            return found >= 0 ? members[found].value : nil
        }

        private func value(_ key: Key) throws -> JSONValue {
            guard let value = lookup(key) else { throw session.giveUp() }
            return value
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            try value(key) == .null
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try session.decode(type, from: value(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try session.decode(type, from: value(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try session.double(value(key)) }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float { throw session.giveUp() }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try session.integer(type, value(key)) }
        func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try session.integer(type, value(key)) }
        func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try session.integer(type, value(key)) }
        func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try session.integer(type, value(key)) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try session.integer(type, value(key)) }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try session.integer(type, value(key)) }
        func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try session.integer(type, value(key)) }
        func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try session.integer(type, value(key)) }
        func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try session.integer(type, value(key)) }
        func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try session.integer(type, value(key)) }
        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try session.decode(type, from: value(key)) }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(value(key), session: session).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(value(key), session: session).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { throw session.giveUp() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw session.giveUp() }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let elements: [JSONValue]
        let session: Session
        private(set) var currentIndex = 0
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }

        init(elements: [JSONValue], session: Session) {
            self.elements = elements
            self.session = session
        }

        private mutating func next() throws -> JSONValue {
            guard currentIndex < elements.count else { throw session.giveUp() }
            defer { currentIndex += 1 }
            return elements[currentIndex]
        }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < elements.count else { throw session.giveUp() }
            guard elements[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode(_ type: Bool.Type) throws -> Bool { try session.decode(type, from: next()) }
        mutating func decode(_ type: String.Type) throws -> String { try session.decode(type, from: next()) }
        mutating func decode(_ type: Double.Type) throws -> Double { try session.double(next()) }
        mutating func decode(_ type: Float.Type) throws -> Float { throw session.giveUp() }
        mutating func decode(_ type: Int.Type) throws -> Int { try session.integer(type, next()) }
        mutating func decode(_ type: Int8.Type) throws -> Int8 { try session.integer(type, next()) }
        mutating func decode(_ type: Int16.Type) throws -> Int16 { try session.integer(type, next()) }
        mutating func decode(_ type: Int32.Type) throws -> Int32 { try session.integer(type, next()) }
        mutating func decode(_ type: Int64.Type) throws -> Int64 { try session.integer(type, next()) }
        mutating func decode(_ type: UInt.Type) throws -> UInt { try session.integer(type, next()) }
        mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try session.integer(type, next()) }
        mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try session.integer(type, next()) }
        mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try session.integer(type, next()) }
        mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try session.integer(type, next()) }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try session.decode(type, from: next()) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try ValueDecoder(next(), session: session).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try ValueDecoder(next(), session: session).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { throw session.giveUp() }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let value: JSONValue
        let session: Session
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { value == .null }
        func decode(_ type: Bool.Type) throws -> Bool { try session.decode(type, from: value) }
        func decode(_ type: String.Type) throws -> String { try session.decode(type, from: value) }
        func decode(_ type: Double.Type) throws -> Double { try session.double(value) }
        func decode(_ type: Float.Type) throws -> Float { throw session.giveUp() }
        func decode(_ type: Int.Type) throws -> Int { try session.integer(type, value) }
        func decode(_ type: Int8.Type) throws -> Int8 { try session.integer(type, value) }
        func decode(_ type: Int16.Type) throws -> Int16 { try session.integer(type, value) }
        func decode(_ type: Int32.Type) throws -> Int32 { try session.integer(type, value) }
        func decode(_ type: Int64.Type) throws -> Int64 { try session.integer(type, value) }
        func decode(_ type: UInt.Type) throws -> UInt { try session.integer(type, value) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try session.integer(type, value) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try session.integer(type, value) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try session.integer(type, value) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try session.integer(type, value) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try session.decode(type, from: value) }
    }
}
