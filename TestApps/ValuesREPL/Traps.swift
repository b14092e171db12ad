import Observation

/// A report form whose Save button the UI enables only once a kind is chosen; Save itself
/// force-unwraps the kind, so tapping it before traps.
@MainActor
@Observable
final class ReportForm {
    enum Kind: String, Codable, Sendable {
        case spam, abuse
    }

    private(set) var kind: Kind?
    var note = ""
    private(set) var sent: [String] = []

    /// What the UI binds the Save button's `disabled` to.
    var saveEnabled: Bool { kind != nil }

    func choose(_ kind: Kind) {
        self.kind = kind
    }

    func save() {
        sent.append(kind!.rawValue + ": " + note)
        kind = nil
    }
}

/// A list whose last selected row is removed by `remove`, which does not check that one is left.
@MainActor
@Observable
final class ShortList {
    private(set) var rows = ["only"]
    private(set) var selected = 0

    func next() {
        selected = min(selected + 1, rows.count)
    }

    func remove() {
        rows.remove(at: selected)
    }
}

/// A counter whose `settle` loops until the count is even, adding 2 each time: from an odd
/// count it never returns.
@MainActor
@Observable
final class Settler {
    private(set) var count = 0

    func tap() {
        count += 1
    }

    func settle() {
        var value = count
        while value % 2 != 0 { value &+= 2 }
        count = value
    }
}
