import Foundation

/// What an error thrown by a load means: only a cancellation, or a failure with a message to show.
package enum ErrorMeaning {
    /// Whether `error` only says the work was cancelled (`CancellationError`, a cancelled URL load).
    package static func isCancellation(_ error: any Error) -> Bool {
        // A metatype comparison: `is` costs a dynamic cast (~400 instructions) on every cancelled load.
        if type(of: error) == CancellationError.self { return true }
        let nsError = error as NSError
        return nsError.domain == NSURLErrorDomain && nsError.code == NSURLErrorCancelled
    }

    /// A message a person can read for `error`: its `errorDescription`, else the description an
    /// app's own error type gives itself, else Foundation's localized description (which, for an
    /// app's type, is only "The operation could not be completed" and the type's name).
    package static func message(for error: any Error) -> String {
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        // By its type: a value cast to a protocol may find a conformance the error's bridging adds.
        if type(of: error) is any CustomStringConvertible.Type, !isFoundations(error) { return String(describing: error) }
        return error.localizedDescription
    }

    /// Whether `error` is one of Foundation's own (an `NSError`, a `URLError`, a `CocoaError`), whose
    /// description is a dump of its domain and user info, not a message.
    private static func isFoundations(_ error: any Error) -> Bool {
        let type = type(of: error)
        return type is NSError.Type || String(reflecting: type).hasPrefix("Foundation.")
    }
}
