import Observation

#if canImport(Combine)
    import Combine
#endif

/// Hears a hosted class's changes as they are made, where the class says so: an `@Observable`
/// class shown through key paths (`fields:`), through Observation; an `ObservableObject`, through
/// `objectWillChange` where Combine exists.
///
/// A change heard is reported before it is made, as both call it, and ``ReflectedScreen`` has
/// it pushed once made (or shown by the reply of the command that made it). Comparing stays: it
/// finds what nothing reports (an `@Observable` class read by reflection, whose properties have no
/// key path to observe; a field Observation does not track; any other class).
@MainActor
final class ModelObservation<Model: AnyObject> {
    private let model: Model
    private let fields: [ScreenField<Model>]?
    private let isObservable: Bool
    /// Observation's calls, which end its tracking, and `objectWillChange`'s, which do not.
    private let trackingRelay = ChangeRelay()
    private let publisherRelay = ChangeRelay()
    /// Whether Observation is tracking the fields now: it reports one change, then is armed again.
    private var isTracking = false
    #if canImport(Combine)
        private var subscription: AnyCancellable?
    #endif

    /// Called as a change heard begins.
    var changed: (@MainActor () -> Void)?

    init(model: Model, fields: [ScreenField<Model>]?, isObservable: Bool) {
        self.model = model
        self.fields = fields
        self.isObservable = isObservable
        trackingRelay.target = { [weak self] _ in
            guard let self else { return }
            isTracking = false
            changed?()
        }
        publisherRelay.target = { [weak self] _ in self?.changed?() }
    }

    /// Listens for the next change (every change, for `objectWillChange`).
    func listen() {
        #if canImport(Combine)
            if subscription == nil, let object = model as? any ObservableObject {
                subscription = Self.subscribe(object, publisherRelay)
            }
        #endif
        guard isObservable, let fields, !isTracking else { return }
        isTracking = true
        let model = self.model
        withObservationTracking {
            for field in fields { _ = field.read(model) }
        } onChange: { [trackingRelay] in
            trackingRelay.relay(.real)
        }
    }

    #if canImport(Combine)
        private static func subscribe<Object: ObservableObject>(_ object: Object, _ relay: ChangeRelay) -> AnyCancellable {
            object.objectWillChange.sink { _ in relay.relay(.real) }
        }
    #endif
}
