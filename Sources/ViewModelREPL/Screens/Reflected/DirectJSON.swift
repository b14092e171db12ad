import Foundation

/// A value written as JSON straight from where it is stored, never boxed as `Any` nor looked up
/// by type: the plain types most of a view model's state is made of, written exactly as
/// ``ValueReflector`` writes them.
///
/// A stored property whose declared type conforms (found once per type by ``ObjectLayout`` and
/// ``StoredLayout``) is written from its address. The leaves are `String`, `Bool`, `Int`, `Double`
/// and `Date`; an optional of a leaf, and an array or set of `String`, `Bool` or `Int`, conform too.
protocol DirectJSON {
    /// Writes this value.
    func writeJSON(to out: ByteBuffer)
}

extension DirectJSON {
    /// Writes the value of this type stored at `address`.
    static func writeJSON(at address: UnsafeRawPointer, to out: ByteBuffer) {
        address.assumingMemoryBound(to: Self.self).pointee.writeJSON(to: out)
    }
}

/// A leaf an optional is written of directly.
protocol DirectJSONLeaf: DirectJSON {}

/// A leaf whose arrays and sets are written directly: its JSON form is the same through the
/// `Encodable` path, which arrays otherwise take.
///
/// Each conforming type has its own copy of ``writeArray(_:to:)`` and ``writeSet(_:to:)``, made
/// for that type: walked as a generic collection, a short array costs more than its elements.
protocol DirectJSONElement: DirectJSONLeaf, Hashable {
    /// Writes `array` in its own order.
    static func writeArray(_ array: [Self], to out: ByteBuffer)
    /// Writes `set` sorted by its elements' JSON, as every set is printed.
    static func writeSet(_ set: Set<Self>, to out: ByteBuffer)
}

extension DirectJSONElement {
    static func writeArray(_ array: [Self], to out: ByteBuffer) {
        out.append(UInt8(ascii: "["))
        var first = true
        for element in array {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            element.writeJSON(to: out)
        }
        out.append(UInt8(ascii: "]"))
    }

    static func writeSet(_ set: Set<Self>, to out: ByteBuffer) {
        guard set.count > 1 else {
            out.append(UInt8(ascii: "["))
            set.first?.writeJSON(to: out)
            return out.append(UInt8(ascii: "]"))
        }
        var sorted = SortedArrayWriter(capacity: set.count)
        for element in set {
            sorted.add { element.writeJSON(to: $0) }
        }
        sorted.write(to: out)
    }
}

extension String: DirectJSONElement {
    func writeJSON(to out: ByteBuffer) {
        JSONWriter.append(string: self, to: out)
    }
}

extension Bool: DirectJSONElement {
    func writeJSON(to out: ByteBuffer) {
        out.append(self ? "true" : "false")
    }
}

extension Int: DirectJSONElement {
    func writeJSON(to out: ByteBuffer) {
        JSONWriter.append(self, to: out)
    }
}

extension Double: DirectJSONLeaf {
    func writeJSON(to out: ByteBuffer) {
        // A non-finite number has no JSON form: it is written as its description.
        JSONWriter.append(isFinite ? .double(self) : .string("\(self)"), to: out)
    }
}

extension Float {
    /// Written as its own shortest text (`0.1`, not the `Double` it widens to), a non-finite one
    /// as its description, as a `Double`'s.
    func writeJSON(to out: ByteBuffer) {
        guard isFinite else { return JSONWriter.append(string: "\(self)", to: out) }
        if self == rounded(), abs(self) < 1e15 { return Double(self).writeJSON(to: out) }
        out.append(utf8: description)
    }
}

extension Decimal {
    /// Written as its exact digits; `NaN`, which has no JSON form, as `"nan"` (as a `Double`'s).
    func writeJSON(to out: ByteBuffer) {
        guard !isNaN else { return JSONWriter.append(string: "nan", to: out) }
        out.append(utf8: description)
    }
}

extension Date: DirectJSONLeaf {
    func writeJSON(to out: ByteBuffer) {
        JSONWriter.append(string: ISODate.text(self), to: out)
    }
}

extension Optional: DirectJSON where Wrapped: DirectJSONLeaf {
    func writeJSON(to out: ByteBuffer) {
        if let self { self.writeJSON(to: out) } else { out.append("null") }
    }
}

extension Array: DirectJSON where Element: DirectJSONElement {
    func writeJSON(to out: ByteBuffer) {
        Element.writeArray(self, to: out)
    }
}

extension Set: DirectJSON where Element: DirectJSONElement {
    func writeJSON(to out: ByteBuffer) {
        Element.writeSet(self, to: out)
    }
}
