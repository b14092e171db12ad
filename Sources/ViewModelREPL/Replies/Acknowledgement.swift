/// The reply of a command that succeeded with nothing else to show: the command's name, and what
/// it changed, when it says.
package struct Acknowledgement: Sendable {
    /// The command's name, from its declaration.
    package var command: String
    package var change: (any AcknowledgedChange)?

    package init(_ command: String, change: (any AcknowledgedChange)? = nil) {
        self.command = command
        self.change = change
    }
}

/// What an `ok` reply says changed, declared by the command that changes it: the members its
/// protocol line carries after `cmd`, and the line a terminal shows for it.
package protocol AcknowledgedChange: Sendable {
    /// Writes the members of the `ok` line after `type`, `seq`, the request's tag and `cmd`.
    @MainActor func writeMembers<Line: ProtocolLineTarget>(to line: Line)
    /// What a terminal shows instead of the line, worded in ``Messages``.
    var humanText: String { get }
}
