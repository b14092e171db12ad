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

    /// A message a person can read for `error`.
    package static func message(for error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? error.localizedDescription
    }
}
