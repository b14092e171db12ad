import Foundation

/// Encodes a state as `JSONEncoder` with `[.sortedKeys, .withoutEscapingSlashes]` and its default
/// strategies does, byte for byte, but straight into one buffer: no intermediate tree, and an
/// object's members are only reordered when they were not written in key order already.
///
/// In ``ValueForms/readable`` (the default) it writes Swift values as people read them instead:
/// `nil` as `null`, dates as ISO 8601, sets sorted, enums externally tagged (see ``ValueForms``).
///
/// What it does not handle the same way (a container filled after a later sibling, a
/// `superEncoder`, a key written twice; in the codable forms also a `Decimal` and a non-finite
/// number, which the readable forms write themselves) makes it give up and the caller
/// encodes with `JSONEncoder`, so the output and the errors stay exactly JSONEncoder's.
///
/// One instance serves one screen and keeps its buffers, and a keyed container per coding-key
/// type, between states, so writing a state allocates little beyond the bytes it returns.
package final class StateEncoder {
    private let writer: Writer

    /// How deep a readable state is written: a value nested deeper is a cut (as reflection cuts it).
    package static let maximumDepth = 64

    package init(forms: ValueForms = .readable) {
        writer = Writer(readable: forms == .readable)
    }

    /// A `JSONEncoder` set up as the fallback for `forms`: sorted keys, and ISO dates when readable.
    package static func fallbackEncoder(for forms: ValueForms) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if forms == .readable {
            // A non-finite number has no JSON form: written as its description, as everywhere.
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
            encoder.dateEncodingStrategy = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode(ISODate.text(date))
            }
        }
        return encoder
    }

    deinit {
        // The lent containers hold the writer: the cycle ends with the encoder.
        writer.forgetLentContainers()
    }

    /// Encodes `value`; `fallback` encodes it when this encoder gives up.
    package func encode<Value: Encodable>(_ value: Value, fallback: JSONEncoder) throws -> [UInt8] {
        if let bytes = try encodeIfHandled(value) { return bytes }
        return Array(try fallback.encode(value))
    }

    /// Encodes `value`, or returns `nil` where this encoder gives up.
    package func encodeIfHandled<Value: Encodable>(_ value: Value) throws -> [UInt8]? {
        writer.reset()
        do {
            try writer.encodeValue(value)
            if writer.gaveUp { return nil }
            return writer.bytes.array
        } catch is GiveUp {
            return nil
        }
    }

    /// Thrown to hand the value to `JSONEncoder`.
    struct GiveUp: Error {}
}

extension StateEncoder {
    /// An open object or array in the buffer.
    struct Frame {
        var isObject: Bool
        /// Where its `{` or `[` is.
        var start: Int
        var count = 0
        /// Where an object's members begin in the writer's member list.
        var firstMember: Int
        /// The coding-key type of an object, whose members usually come in the same order every time.
        var keys: ObjectIdentifier?
        /// Whether the keys so far came in order.
        var inOrder = true
        /// Which container this is, so a container used after it was closed is noticed.
        var serial: Int
    }

    /// The keys of a coding-key type in the order last written, and the order they sort in
    /// (positions in that list). A class, so using it costs one retain.
    final class KnownOrder {
        let keys: [String]
        let order: [Int]

        init(keys: [String], order: [Int]) {
            self.keys = keys
            self.order = order
        }
    }

    /// The encoder the values see, and the buffer they are written to.
    final class Writer: Encoder {
        /// Where the value is written.
        let bytes = ByteBuffer()
        /// Whether values are written as people read them (``ValueForms/readable``).
        let readable: Bool
        /// Which types are sets or enums, whose readable forms are made from what they wrote.
        @exclusivity(unchecked) var shapes: [ObjectIdentifier: Shape] = [:]

        init(readable: Bool) {
            self.readable = readable
        }
        // Unchecked: one encoding owns the writer, and dynamic exclusivity checks cost more than the writing.
        @exclusivity(unchecked) var frames: [Frame] = []
        /// The open objects' members, innermost last: each key and where its `"key":` begins.
        @exclusivity(unchecked) var members: [(key: String, start: Int)] = []
        /// Reused while an object's members are put in key order.
        @exclusivity(unchecked) private var order: [Int] = []
        private let sorted = ByteBuffer()
        /// For each coding-key type, the keys in the order last written and the order they sort
        /// in: the same keys in the same order need no comparing again.
        @exclusivity(unchecked) private var knownOrders: [ObjectIdentifier: KnownOrder] = [:]
        /// The order used last: a list of one kind of object needs no dictionary lookup per element.
        @exclusivity(unchecked) private var lastOrder: (keys: ObjectIdentifier, known: KnownOrder)?
        private var serials = 0
        /// How many values enclose the one being encoded: past ``StateEncoder/maximumDepth`` the
        /// readable form writes a cut, so every state it writes can be read back and compared.
        private var valueDepth = 0
        /// Keyed containers made once per coding-key type and lent to one value at a time: making
        /// a `KeyedEncodingContainer` of a key type known only at run time looks up generic
        /// metadata and allocates a box, about 1,500 instructions per object written.
        @exclusivity(unchecked) private var lendable: [LendableContainer] = []
        /// The container lent to the value being encoded, returned when its `encode(to:)` ends.
        @exclusivity(unchecked) private var lentToValue: LendableContainer?
        /// Where the value being encoded begins: a second container for one value (a subclass
        /// encoding after its superclass) is merged by JSONEncoder, so this encoder gives up.
        private var valueStart = 0
        /// Set where giving up cannot throw (containers are made without `throws`).
        var gaveUp = false
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// Empties the buffers, keeping their capacity, for the next value.
        func reset() {
            bytes.removeAll()
            frames.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            gaveUp = false
            valueStart = 0
            valueDepth = 0
            for container in lendable { container.isLent = false }
            lentToValue = nil
        }

        func forgetLentContainers() {
            lendable.removeAll()
            lentToValue = nil
        }

        // MARK: Values

        /// Writes one value where the innermost container expects it; closes what it opened.
        func encodeValue<Value: Encodable>(_ value: Value) throws {
            // Metatype comparisons: cheap even where this generic function is not specialised.
            if Value.self == String.self {
                appendString(value as! String)
            } else if Value.self == Int.self {
                JSONWriter.append(value as! Int, to: bytes)
            } else if Value.self == Bool.self {
                bytes.append((value as! Bool) ? Self.trueBytes : Self.falseBytes)
            } else if Value.self == Double.self {
                try appendDouble(value as! Double)
            } else if Value.self == Date.self {
                if readable {
                    appendString(ISODate.text(value as! Date))
                } else {
                    try appendDouble((value as! Date).timeIntervalSinceReferenceDate)
                }
            } else if Value.self == Data.self {
                appendString((value as! Data).base64EncodedString())
            } else if Value.self == URL.self {
                appendString((value as! URL).absoluteString)
            } else if readable, Value.self == IndexSet.self {
                // An `IndexSet` as its indexes, ascending, where `Codable` writes its ranges.
                bytes.append(UInt8(ascii: "["))
                for (offset, index) in (value as! IndexSet).enumerated() {
                    if offset > 0 { bytes.append(UInt8(ascii: ",")) }
                    JSONWriter.append(index, to: bytes)
                }
                bytes.append(UInt8(ascii: "]"))
            } else if Value.self == Decimal.self {
                // JSONEncoder's own form of a Decimal differs (and NaN fails it): written here
                // only in the readable forms, as its exact digits, NaN as "nan".
                guard readable else { throw GiveUp() }
                let decimal = value as! Decimal
                if decimal.isNaN { appendString("nan") } else { bytes.append(utf8: decimal.description) }
            } else if readable, valueDepth > StateEncoder.maximumDepth {
                appendString(ValueKind.cutDeeper(than: StateEncoder.maximumDepth))
            } else {
                let depth = frames.count
                let before = bytes.count
                valueDepth += 1
                defer { valueDepth -= 1 }
                let shape = readable ? self.shape(of: value) : .plain
                valueStart = before
                let outerLent = lentToValue
                lentToValue = nil
                do {
                    // The value's containers end with its `encode(to:)`: the one it was lent is free again.
                    defer {
                        lentToValue?.isLent = false
                        lentToValue = outerLent
                    }
                    try value.encode(to: self)
                } catch {
                    // An error a value's caller catches leaves behind what the value wrote, which
                    // JSONEncoder merges into the next value: JSONEncoder writes the rest.
                    gaveUp = true
                    throw error
                }
                if gaveUp { throw GiveUp() }
                try close(downTo: depth)
                // A value that wrote nothing at all is an empty object, as JSONEncoder writes it.
                if bytes.count == before { bytes.append(Self.emptyObject) }
                switch shape {
                case .plain: break
                case .set: sortElements(from: before)
                case .enumeration: tagCase(from: before)
                case .dictionary(let form): rewriteDictionary(from: before, form)
                }
            }
        }

        func appendDouble(_ number: Double) throws {
            guard number.isFinite else {
                // No JSON number: in the readable forms its text, as everywhere; JSONEncoder's to decide otherwise.
                guard readable else { throw GiveUp() }
                return appendString(number.isNaN ? "nan" : number < 0 ? "-inf" : "inf")
            }
            appendDescription(number.description)
        }

        func appendFloat(_ number: Float) throws {
            guard number.isFinite else { return try appendDouble(Double(number)) }
            appendDescription(number.description)
        }

        /// A number's description without a trailing `.0`, as JSONEncoder writes numbers.
        private func appendDescription(_ text: String) {
            var text = text
            text.withUTF8 { utf8 in
                let count =
                    utf8.count >= 2 && utf8[utf8.count - 2] == UInt8(ascii: ".") && utf8[utf8.count - 1] == UInt8(ascii: "0") ? utf8.count - 2 : utf8.count
                bytes.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(utf8)[0..<count]))
            }
        }

        func appendInteger<Number: BinaryInteger>(_ number: Number) {
            if let small = Int(exactly: number) {
                JSONWriter.append(small, to: bytes)
            } else {
                bytes.append(utf8: number.description)
            }
        }

        /// A JSON string as JSONEncoder escapes it: quote, backslash, and control characters
        /// (`\b \t \n \f \r` by name, the rest as `\u00xx`); `/` and everything else as is.
        func appendString(_ text: String) {
            JSONWriter.append(string: text, to: bytes, namingBackspaceAndFormFeed: true)
        }

        static let trueBytes: StaticString = "true"
        static let falseBytes: StaticString = "false"
        static let nullBytes: StaticString = "null"
        static let emptyObject: StaticString = "{}"

        // MARK: Containers

        /// Opens an object or array at the current place and returns its serial number.
        func open(object: Bool, keys: (any CodingKey.Type)? = nil) -> Int {
            serials += 1
            open(object: object, keys: keys.map(ObjectIdentifier.init), serial: serials)
            return serials
        }

        private func open(object: Bool, keys: ObjectIdentifier?, serial: Int) {
            frames.append(Frame(isObject: object, start: bytes.count, firstMember: members.count, keys: keys, serial: serial))
            bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        }

        /// Makes the container `serial` the innermost open one, closing those opened after it;
        /// gives up when it was closed already (filled after a later sibling).
        func resume(_ serial: Int) throws -> Int {
            guard let index = frames.lastIndex(where: { $0.serial == serial }) else { throw GiveUp() }
            try close(downTo: index + 1)
            return index
        }

        /// Starts an element of the container `serial`: the comma before it, and for an object
        /// its key.
        func beginElement(in serial: Int, key: String? = nil) throws {
            let index = frames.count > 0 && frames[frames.count - 1].serial == serial ? frames.count - 1 : try resume(serial)
            if frames[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
            frames[index].count += 1
            if let key {
                if frames[index].count > 1 {
                    let last = members[members.count - 1].key
                    // Lengths first: comparing two different short strings costs more than their lengths.
                    if last.utf8.count == key.utf8.count, last == key { throw GiveUp() }
                    if frames[index].inOrder, !Self.precedes(last, key) { frames[index].inOrder = false }
                }
                members.append((key, bytes.count))
                appendString(key)
                bytes.append(UInt8(ascii: ":"))
            }
        }

        /// Closes every container above `depth`, sorting an object's members by key.
        func close(downTo depth: Int) throws {
            while frames.count > depth {
                let frame = frames.removeLast()
                guard frame.isObject else {
                    bytes.append(UInt8(ascii: "]"))
                    continue
                }
                if !frame.inOrder { try sortMembers(of: frame) }
                members.removeSubrange(frame.firstMember...)
                bytes.append(UInt8(ascii: "}"))
            }
        }

        /// Whether `a` sorts before `b` in UTF-8 byte order: JSONEncoder's order for keys.
        static func precedes(_ a: String, _ b: String) -> Bool {
            // Most keys differ in their first byte.
            if let first = a.utf8.first, let other = b.utf8.first, first != other { return first < other }
            var a = a
            var b = b
            return a.withUTF8 { left in
                b.withUTF8 { right in
                    let shared = min(left.count, right.count)
                    let order = shared == 0 ? 0 : memcmp(left.baseAddress!, right.baseAddress!, shared)
                    return order < 0 || (order == 0 && left.count < right.count)
                }
            }
        }

        /// Rewrites an object's members in key order (UTF-8 byte order, as JSONEncoder sorts).
        private func sortMembers(of frame: Frame) throws {
            let first = frame.firstMember
            let count = members.count - first
            if let keys = frame.keys, let known = knownOrder(of: keys, first: first, count: count) {
                rewrite(frame, in: known.order)
                return
            }
            // Insertion sort of the members' positions: objects are small and often nearly in order.
            order.removeAll(keepingCapacity: true)
            for member in 0..<count {
                let key = members[first + member].key
                var place = order.count
                while place > 0, Self.precedes(key, members[first + order[place - 1]].key) { place -= 1 }
                if place > 0, members[first + order[place - 1]].key == key { throw GiveUp() }
                order.insert(member, at: place)
            }
            if let keys = frame.keys {
                let known = KnownOrder(keys: members[first...].map(\.key), order: order)
                knownOrders[keys] = known
                lastOrder = (keys, known)
            }
            rewrite(frame, in: order)
        }

        /// The order the members of an object of `keys` sort in, when they were written as last time.
        private func knownOrder(of keys: ObjectIdentifier, first: Int, count: Int) -> KnownOrder? {
            let known: KnownOrder
            if let last = lastOrder, last.keys == keys {
                known = last.known
            } else if let found = knownOrders[keys] {
                known = found
                lastOrder = (keys, found)
            } else {
                return nil
            }
            guard known.keys.count == count else { return nil }
            for index in 0..<count where known.keys[index] != members[first + index].key { return nil }
            return known
        }

        /// Writes the object's members again, in `order` (their positions as written).
        private func rewrite(_ frame: Frame, in order: [Int]) {
            let first = frame.firstMember
            let count = members.count - first
            sorted.removeAll()
            let written = bytes.bytes
            for (position, member) in order.enumerated() {
                if position > 0 { sorted.append(UInt8(ascii: ",")) }
                // A member ends where the comma before the next one (in written order) is.
                let end = member + 1 < count ? members[first + member + 1].start - 1 : bytes.count
                sorted.append(UnsafeRawBufferPointer(rebasing: written[members[first + member].start..<end]))
            }
            bytes.truncate(to: frame.start + 1)
            bytes.append(sorted.bytes)
        }

        /// A container nested in another, opened where `begin` (its key, or the comma before it)
        /// leaves the buffer; when the other was already closed, the writer gives up and the
        /// container returned writes nothing.
        func nestedObject<Key: CodingKey>(keyedBy type: Key.Type, after begin: () throws -> Void) -> KeyedEncodingContainer<Key> {
            let serial = (try? begin()) != nil ? open(object: true, keys: type) : giveUp()
            return KeyedEncodingContainer(KeyedContainer<Key>(writer: self, serial: serial))
        }

        /// An array nested in another container, as ``nestedObject(keyedBy:after:)``.
        func nestedArray(after begin: () throws -> Void) -> any UnkeyedEncodingContainer {
            UnkeyedContainer(writer: self, serial: (try? begin()) != nil ? open(object: false) : giveUp())
        }

        /// Marks the encoding given up; returns a serial no container has.
        private func giveUp() -> Int {
            gaveUp = true
            return 0
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if bytes.count != valueStart { gaveUp = true }
            let keys = ObjectIdentifier(Key.self)
            if lentToValue == nil, let lent = lend(keys) ?? makeLendable(Key.self) {
                lent.isLent = true
                lentToValue = lent
                open(object: true, keys: keys, serial: lent.serial)
                // Made for this key type (its identifier matched), so the downcast holds.
                return unsafeDowncast(lent, to: LendableKeyedContainer<Key>.self).container
            }
            return KeyedEncodingContainer(KeyedContainer<Key>(writer: self, serial: open(object: true, keys: Key.self)))
        }

        /// A container of `keys` free to lend.
        private func lend(_ keys: ObjectIdentifier) -> LendableContainer? {
            for container in lendable where container.keys == keys && !container.isLent { return container }
            return nil
        }

        /// A new container to lend, while there are fewer than 32 (a value nested in itself
        /// needs one per level).
        private func makeLendable<Key: CodingKey>(_ type: Key.Type) -> LendableContainer? {
            guard lendable.count < 32 else { return nil }
            // Serials below zero: no container made per object has one, and each lendable
            // container is lent to one value at a time, so one open frame at most has it.
            let serial = -1 - lendable.count
            let container = LendableKeyedContainer<Key>(container: KeyedEncodingContainer(KeyedContainer<Key>(writer: self, serial: serial)), serial: serial)
            lendable.append(container)
            return container
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if bytes.count != valueStart { gaveUp = true }
            return UnkeyedContainer(writer: self, serial: open(object: false))
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            SingleValueContainer(writer: self)
        }
    }
}
