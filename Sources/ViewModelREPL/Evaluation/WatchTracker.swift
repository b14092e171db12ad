/// The paths `watch` follows, and the `change` lines they owe when a state line shows a new value.
///
/// A watch belongs to the screen that was current when it was made. Whenever a state line of that
/// screen is written, reply or push, (or the preview records an event, for `@events`) each watched
/// path is looked up again; a value that differs from the last one seen is owed once as a change,
/// which the session writes just before that line, with the same request tag.
@MainActor
final class WatchTracker {
    /// One watched path.
    private struct Watch {
        var screen: String
        var path: StatePath
        /// The value last seen; `nil` when the path led nowhere.
        var last: JSONValue?
    }

    @exclusivity(unchecked) private var watches: [Watch] = []

    init() {}

    /// Whether anything is watched: the per-line path checks this and nothing else.
    var isEmpty: Bool { watches.isEmpty }

    /// How many paths of `screen` are watched.
    func count(on screen: String) -> Int {
        watches.count { $0.screen == screen }
    }

    /// The watched paths of `screen`, in the order they were added.
    func paths(of screen: String) -> [String] {
        watches.filter { $0.screen == screen }.map(\.path.description)
    }

    /// Starts watching `path` on `screen`, whose value is now `current`; `false` if it was watched.
    func add(_ path: StatePath, on screen: String, current: JSONValue?) -> Bool {
        guard !watches.contains(where: { $0.screen == screen && $0.path == path }) else { return false }
        watches.append(Watch(screen: screen, path: path, last: current))
        return true
    }

    /// Stops watching `path` on `screen`, or every path of it; returns how many stopped.
    func remove(_ path: StatePath?, on screen: String) -> Int {
        let before = watches.count
        watches.removeAll { $0.screen == screen && (path == nil || $0.path == path) }
        return before - watches.count
    }

    /// Whether two values print the same (absent matches only absent); `1` and `1.0` differ, as in patches.
    private static func same(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): JSONPatch.diff(from: a, to: b).isEmpty
        default: false
        }
    }

    /// The changes owed for every watched path of `screen` whose value differs from the last seen,
    /// which they then become. `root` gives what a path looks into (the state, `@events`, `@model`).
    func changes(on screen: String, root: (StatePath) -> JSONValue?) -> [WatchedChange] {
        var changes: [WatchedChange] = []
        for index in watches.indices where watches[index].screen == screen {
            let path = watches[index].path
            let value = root(path).flatMap(path.lookup(in:))
            guard !Self.same(value, watches[index].last) else { continue }
            let change = WatchedChange(screen: screen, path: path.description, from: watches[index].last, to: value)
            watches[index].last = value
            changes.append(change)
        }
        return changes
    }
}
