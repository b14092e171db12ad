/// How to walk one collection type's elements and unwrap one optional type, made once per type
/// (``ValueReflector`` keeps them in its strategies), so a value is read without a `Mirror` and
/// without a conformance lookup per value.
protocol ReflectedElements {
    /// Calls `body` with each element of a value of this type, in the collection's own order.
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void { get }
}

/// A dictionary type's entries, read without a `Mirror`.
protocol ReflectedEntries {
    /// The entries of a value of this type, as key and value.
    static var readEntries: (Any) -> [(key: Any, value: Any)] { get }
}

/// An optional type's value, read without a `Mirror`.
protocol ReflectedOptional {
    /// The wrapped value of a value of this type, or `nil`.
    static var unwrap: (Any) -> Any? { get }
    /// The wrapped value of the optional of this type stored at `address`, or `nil`.
    static func unwrapped(at address: UnsafeRawPointer) -> Any?
}

extension Array: ReflectedElements {
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void {
        { value, body in for element in value as! Self { try body(element) } }
    }
}

extension ContiguousArray: ReflectedElements {
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void {
        { value, body in for element in value as! Self { try body(element) } }
    }
}

extension Set: ReflectedElements {
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void {
        { value, body in for element in value as! Self { try body(element) } }
    }
}

/// A view of a dictionary's keys or values: in hash order, so written sorted, as a set is.
protocol UnorderedView: ReflectedElements {}

extension Dictionary.Keys: UnorderedView {
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void {
        { value, body in for element in value as! Self { try body(element) } }
    }
}

extension Dictionary.Values: UnorderedView {
    static var walkElements: (Any, (Any) throws -> Void) throws -> Void {
        { value, body in for element in value as! Self { try body(element) } }
    }
}

extension Dictionary: ReflectedEntries {
    static var readEntries: (Any) -> [(key: Any, value: Any)] {
        { value in (value as! Self).map { ($0.key, $0.value) } }
    }
}

extension Optional: ReflectedOptional {
    static var unwrap: (Any) -> Any? {
        { value in
            switch value as! Self {
            case .some(let wrapped): wrapped
            case .none: nil
            }
        }
    }

    static func unwrapped(at address: UnsafeRawPointer) -> Any? {
        address.assumingMemoryBound(to: Self.self).pointee.map { $0 as Any }
    }
}
