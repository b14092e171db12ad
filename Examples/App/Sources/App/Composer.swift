import Observation

/// An attachment as the composer keeps it: not `Decodable`, so no event can carry one.
public struct Attachment: Sendable {
    public var bytes: [UInt8]
}

/// A message composer: a method taking a closure and one taking a value that is not `Decodable`
/// are left out of its screen, with a comment saying why.
@MainActor
@Observable
public final class ComposerViewModel {
    public var text = ""
    public var attachments = 0
    public private(set) var sent: [String] = []

    public init() {}

    public func send() throws {
        guard !text.isEmpty else { throw ComposerError.empty }
        sent.append(text)
        text = ""
    }

    public func attach(_ attachment: Attachment) { attachments += 1 }
    public func onSent(_ handler: @escaping @Sendable () -> Void) { handler() }
}

/// Why a message was not sent.
public enum ComposerError: Error, CustomStringConvertible {
    case empty
    public var description: String { "there is nothing to send" }
}
