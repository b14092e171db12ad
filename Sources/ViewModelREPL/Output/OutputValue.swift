/// One line of a session's output as a value: a reply or a push, stamped by ``SessionOutput``
/// with its place in the stream and the request it belongs to.
package struct OutputValue: Sendable {
    /// A state line's RFC 6902 patch against the screen's previous state line (diff mode).
    package struct Patch: Sendable {
        /// The `seq` of the state line the patch applies to.
        package var base: Int
        /// The operations, as the line carries them.
        package var operations: JSONValue
    }

    /// Its place in the session's output, counting every line from 0.
    package var seq: Int
    package var reply: Reply
    /// The request it belongs to; `nil` for the `ready` line and explore's result.
    package var tag: RequestTag?
    /// Whether a request caused it later, rather than it being the request's reply.
    package var push: Bool
    /// In diff mode, how a state line is written as a patch; `nil` when it carries the whole state.
    package var patch: Patch?
}
