/// `Optional`'s wrapped type, for ``StoredLayout`` and ``TypeSchema``.
protocol WrappedTypeProviding {
    static var wrappedType: Any.Type { get }
}

extension Optional: WrappedTypeProviding {
    static var wrappedType: Any.Type { Wrapped.self }
}
