import Foundation

/// Why the real posts loader failed, worded for the person looking at the screen.
public enum PostsLoadError: Error, Equatable, LocalizedError, CustomStringConvertible {
    /// The server answered with a status outside 200…299.
    case httpStatus(Int, url: String)
    /// The server could not be reached (refused, unknown host, timed out).
    case unreachable(url: String, reason: String)
    /// The body was not a JSON array of posts.
    case malformed(url: String, reason: String)
    /// A local file could not be read.
    case unreadable(url: String, reason: String)

    public var description: String {
        switch self {
        case .httpStatus(let status, let url): "HTTP \(status) from \(url)"
        case .unreachable(let url, let reason): "cannot reach \(url): \(reason)"
        case .malformed(let url, let reason): "malformed posts JSON from \(url): \(reason)"
        case .unreadable(let url, let reason): "cannot read \(url): \(reason)"
        }
    }

    public var errorDescription: String? { description }
}
