/// Turns the session's output values into output for one kind of reader: protocol-v1 JSON lines
/// (``ProtocolWriter``), people at a terminal, MCP results, a Swift test's log.
///
/// A consumer is handed every value of the stream in order, already stamped with its `seq`, its
/// request and, in diff mode, its patch (``SessionOutput``); it keeps no counters of its own, and
/// a new front end is one consumer plus the option that picks it.
@MainActor
package protocol OutputConsumer: AnyObject {
    /// Renders one value; `settings` are the session's output settings at that moment.
    func consume(_ value: OutputValue, settings: OutputSettings)
    /// Writes what is buffered.
    func flush()
    /// Whether the reader went away; later output is dropped.
    var isClosed: Bool { get }
    /// The trace this consumer keeps, or is paired with (`--trace`); the session tells it each
    /// request's text and how to read the clock.
    var trace: TraceRecorder? { get }
}

extension OutputConsumer {
    /// No trace: what every front end but ``TraceRecorder`` and ``OutputTee`` says.
    package var trace: TraceRecorder? { nil }
}
