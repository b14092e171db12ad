import Observation

/// A view model for previews and mocks: it holds an injected state and records the events it is sent.
///
/// It never changes its state in response to an event; that is what makes a preview show exactly
/// the state it was given. Recording is capped at ``recordLimit`` events, so a long session keeps
/// bounded memory; ``eventCount`` still counts every event.
@MainActor
@Observable
public final class PreviewViewModel<ViewEvent, ViewState>: ViewModel {
    /// The injected state, shown as is.
    public var viewState: ViewState
    /// The most recent events sent, oldest first, at most ``recordLimit`` of them.
    public private(set) var recordedEvents: [ViewEvent] = []
    /// How many events were sent in all, including those no longer recorded.
    public private(set) var eventCount = 0
    /// The most events kept in ``recordedEvents``.
    public let recordLimit: Int

    /// Creates a preview view model showing `viewState`.
    public init(viewState: ViewState, recordLimit: Int = 1000) {
        self.viewState = viewState
        self.recordLimit = max(1, recordLimit)
    }

    /// Records the event and does nothing else.
    public func handle(event: ViewEvent) {
        eventCount += 1
        if recordedEvents.count == recordLimit {
            recordedEvents.removeFirst(recordedEvents.count / 2)
        }
        recordedEvents.append(event)
    }

}
