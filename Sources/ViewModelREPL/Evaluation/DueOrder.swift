import ViewModelKit

/// Keys due in order of a comparable rank, least first: a binary heap, so firing n timers due by
/// one instant takes n log n steps, not a scan of every timer per timer fired.
struct DueOrder<Rank: Comparable, Key> {
    private var entries: [(rank: Rank, key: Key)] = []

    /// The key of least rank, left in place.
    var first: (rank: Rank, key: Key)? { entries.first }

    /// Adds `key` at `rank`.
    mutating func insert(_ key: Key, at rank: Rank) {
        entries.append((rank, key))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].rank < entries[parent].rank else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Takes the key of least rank.
    mutating func popFirst() -> (rank: Rank, key: Key)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let first = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var least = parent
            if left < entries.count, entries[left].rank < entries[least].rank { least = left }
            if right < entries.count, entries[right].rank < entries[least].rank { least = right }
            guard least != parent else { break }
            entries.swapAt(parent, least)
            parent = least
        }
        return first
    }
}

/// A timer's place among those due: its date, then the order it was taken up in.
struct TimerRank: Comparable {
    let due: ManualClock.Instant
    let order: Int

    static func < (lhs: TimerRank, rhs: TimerRank) -> Bool {
        (lhs.due, lhs.order) < (rhs.due, rhs.order)
    }
}
