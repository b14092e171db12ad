import Foundation

/// What a class hosted as written adds to a screen: work its actions start that the session
/// owns, changes found by comparing what it shows, the fields it declares, and bindings to write.
///
/// A view model written for the protocol (``HostedScreen``) has none of these: it reports its
/// changes, its loads are its ``ScreenLoader``, and its state's fields are what its JSON says.
@MainActor
package protocol AsWrittenHosting: ScreenHosting {
    /// Whether the command just run started work that goes on after it (a task an action started);
    /// asking resets it.
    func takeStartedWork() -> Bool
    /// Nothing is left to run and the work the view model started as it was made still waits: it
    /// waits on outside input (an observer of a stream), so it no longer counts as work in flight.
    /// `true` when there was such work.
    func setAsideObservers() -> Bool
    /// The Foundation timers the view model's state held when it was last written, once each.
    func takeTimers() -> [Timer]
    /// Whether a read of the state met a timer since ``takeTimers()`` last took them.
    var hasMetTimers: Bool { get }
    /// Compares what the screen shows with what it showed last and calls the watch when it changed.
    func poll()
    /// Other work may run now (the session is about to suspend): the next ``poll()`` must look
    /// again, even when nothing ran since the state was last written.
    func mayChange()
    /// Failures of work that ended after its command, to push with the request that started it.
    func takeFailures() -> [ReplError]
    /// Notes to log once, in words: the fields found to change every time the state is read.
    func takeNotes() -> [String]
    /// Each state field's declared type, for `describe`: an optional that is `nil` now still says `String?`.
    func fieldTypes() -> [(name: String, type: String)]
    /// The fields `write` sets, with their types.
    var bindingTypes: [(name: String, type: String)] { get }
    /// The fields `write` sets, with their values' JSON Schemas (what `explore` writes them with).
    var bindingSchemas: [(name: String, schema: JSONValue)] { get }
    /// The outputs the view model sends, in order, each with its value's JSON Schema where the
    /// registration gives its type.
    func outputSchemas() -> [(name: String, schema: JSONValue?)]
    /// Hands each output to `sink` as it is sent; those sent before (as the view model was made) at once.
    func sendOutputs(to sink: @escaping @MainActor (_ name: String, _ value: JSONValue) -> Void)
    /// What the last action that returned something returned, as `@result` shows it.
    var latestResult: JSONValue? { get }
    /// The value at `path` of the state shown, read through the marks of shared objects and
    /// cycles (see ``IdentifiedState``); `nil` where there is none.
    func identifiedValue(at path: StatePath) -> JSONValue?
    /// Writes fields of the real view model, as a view's bindings would; changes nothing when one is refused.
    func write(_ fields: [NamedValue]) throws(ReplError)
}
