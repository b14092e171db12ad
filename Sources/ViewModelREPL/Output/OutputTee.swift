/// Hands every value to a front end and to a trace (`--trace`): the reader sees what it always
/// does, and the trace keeps the same stream for its page.
@MainActor
package final class OutputTee: OutputConsumer {
    private let primary: any OutputConsumer
    private let recorder: TraceRecorder

    package init(_ primary: any OutputConsumer, trace: TraceRecorder) {
        self.primary = primary
        recorder = trace
    }

    package var trace: TraceRecorder? { recorder }

    package var isClosed: Bool { primary.isClosed }

    package func consume(_ value: OutputValue, settings: OutputSettings) {
        primary.consume(value, settings: settings)
        recorder.consume(value, settings: settings)
    }

    package func flush() {
        primary.flush()
    }
}
