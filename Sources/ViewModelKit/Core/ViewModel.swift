import Observation

/// A screen's view model: state flows out through `viewState`, events flow in through `handle(event:)`.
///
/// Every screen reuses this one protocol, so a view (or the REPL) can drive the real view model
/// or a ``PreviewViewModel`` holding an injected state without knowing which it has.
/// Conformers are classes annotated with `@Observable`, isolated to the main actor.
@MainActor
public protocol ViewModel<ViewEvent, ViewState>: AnyObject, Observable {
    /// What the view tells the view model happened ("hello was tapped").
    associatedtype ViewEvent
    /// Everything the view needs to draw itself.
    associatedtype ViewState

    /// The state the view draws; views may write it back (a sheet dismissed by a swipe).
    var viewState: ViewState { get set }

    /// Reacts to something that happened in the view.
    func handle(event: ViewEvent)
}
