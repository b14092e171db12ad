/// The Model Context Protocol revisions the server speaks: the handshake era (`initialize`) and
/// the per-request era (`_meta` on every request, `server/discover`).
enum MCPRevision {
    /// Revisions where every request carries its version in `_meta`, newest first.
    static let perRequest = ["2026-07-28"]
    /// Revisions negotiated by `initialize`, newest first.
    static let handshake = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// Every revision, newest first, as `server/discover` and version errors list them.
    static let all = perRequest + handshake

    /// The `_meta` key of a request's protocol version.
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    /// The `_meta` key of the server's name and version on a per-request era result.
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    /// The error a per-request era server answers a version it does not speak with.
    static let unsupportedVersionCode = -32022

    /// The handshake revision to answer an `initialize` asking for `requested`: that one when it is
    /// spoken here, else the newest.
    static func negotiate(_ requested: String?) -> String {
        requested.flatMap { handshake.contains($0) ? $0 : nil } ?? handshake[0]
    }

    /// Whether a revision knows `structuredContent` and tool titles (2025-06-18 and later).
    static func hasStructuredContent(_ revision: String) -> Bool {
        guard let index = all.firstIndex(of: revision), let first = all.firstIndex(of: "2025-06-18") else { return false }
        return index <= first
    }
}
