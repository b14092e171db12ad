/// The outputs a factory hands its view model as callbacks (`onSave: context.output("onSave")`):
/// what the recording closures send before the screen is made is kept, then handed to it.
@MainActor
final class ContextOutputs: Sendable {
    /// The screen's own sink, once it is made.
    private var sink: ((_ name: String, _ payload: OutputSender.Payload) -> Void)?
    /// What was sent before the screen took the outputs.
    private var early: [(name: String, payload: OutputSender.Payload)] = []

    nonisolated init() {}

    /// The sender the recording closures call, from any thread: it keeps these outputs as long as
    /// the view model keeps its callbacks (the context that made them is gone by then).
    nonisolated var sender: OutputSender {
        OutputSender { name, payload in self.receive(name, payload) }
    }

    private func receive(_ name: String, _ payload: OutputSender.Payload) {
        guard let sink else { return early.append((name, payload)) }
        sink(name, payload)
    }

    /// Hands every output, those sent already first, to `sink`.
    func connect(_ sink: @escaping (_ name: String, _ payload: OutputSender.Payload) -> Void) {
        self.sink = sink
        let sent = early
        early.removeAll()
        for output in sent { sink(output.name, output.payload) }
    }
}
