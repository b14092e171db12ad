/// Turns reply values into output for one kind of reader: protocol-v1 JSON lines today; people at
/// a terminal and MCP clients are further renderers of the same values.
@MainActor
package protocol ReplyRenderer: AnyObject {
    /// Renders one reply; `tag` names the request it belongs to, `push` marks a change it caused later.
    func render(_ reply: Reply, tag: RequestTag?, push: Bool)
    /// Writes what is buffered.
    func flush()
    /// Whether the reader went away; later output is dropped.
    var isClosed: Bool { get }
}
