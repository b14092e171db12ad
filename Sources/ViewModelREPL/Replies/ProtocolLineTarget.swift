/// Where ``ProtocolWriter`` puts a protocol line: bytes for a reader of the wire
/// (``OutputChannel``), or a JSON value for a front end that carries lines inside its own messages
/// (``JSONLineBuilder``, for MCP results).
@MainActor
package protocol ProtocolLineTarget: AnyObject {
    /// Opens a line: `type`, `seq`, the request's `id` and `line`, and `"push":true` for a push.
    func begin(_ type: StaticString, seq: Int, tag: RequestTag?, push: Bool)
    func field(_ name: StaticString, _ value: String)
    func field(_ name: StaticString, _ value: Int)
    func field(_ name: StaticString, _ value: Bool)
    func field(_ name: StaticString, _ value: JSONValue)
    /// A member whose value is JSON text already encoded (a state).
    func field(_ name: StaticString, encoded: [UInt8])
    /// The `screen` and `model` members of a state line.
    func screen(_ screen: String, model: ModelKind)
    /// Closes the line.
    func end()
    /// Writes what is buffered.
    func flush()
    /// Whether the reader went away; later lines are dropped.
    var isClosed: Bool { get }
}
