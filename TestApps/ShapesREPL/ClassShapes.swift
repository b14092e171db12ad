import Observation

/// An `@Observable` base as teams write one: tracked properties, a constant, an ignored cache,
/// an ignored wrapped and an ignored lazy property (the macro allows neither tracked).
@Observable
@MainActor
class ObservedBase {
    var title = "base"
    let id = 7
    @ObservationIgnored var cache = 0
    @ObservationIgnored @Trimmed var draft = "a"
    @ObservationIgnored lazy var formatter = "lazy"
}

/// A plain subclass of an `@Observable` base: its own properties are stored as written.
@MainActor
final class PlainSubclass: ObservedBase {
    var extra = "sub"
}

/// A plain base whose private property a subclass shadows with one of the same name.
@MainActor
class PlainBase {
    private var x = 1
    var name = "plain"
}

/// A subclass declaring its own private `x`.
@MainActor
final class ShadowingSubclass: PlainBase {
    private var x = 2
}

/// A class that describes itself through a custom mirror with as many children as it stores.
final class SelfDescribed: CustomReflectable {
    weak var delegate: AnyObject?
    var count = 111

    var customMirror: Mirror {
        Mirror(self, children: ["total": count, "summary": "\(count) items"])
    }
}

/// A view model holding classes of each kind.
@MainActor
final class ClassShapes {
    let observed = ObservedBase()
    let inherited = PlainSubclass()
    let shadowing = ShadowingSubclass()
    let described = SelfDescribed()
}
