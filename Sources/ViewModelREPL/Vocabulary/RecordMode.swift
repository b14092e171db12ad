/// What `record` does with a file that is there already.
package enum RecordMode: Equatable, Sendable {
    /// Refuse it (`file_exists`).
    case create
    /// Replace it, atomically (`overwrite=true`).
    case overwrite
    /// Add to its end (`append=true`).
    case append
}
