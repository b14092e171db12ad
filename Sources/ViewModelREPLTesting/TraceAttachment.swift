import Testing
import ViewModelREPL

/// A session's trace page, attached to the Swift test that failed: `swift test --attachments-path`
/// saves it beside the run and Xcode shows it with the failure.
@MainActor
enum TraceAttachment {
    /// Attaches `trace`'s page as `NAME.trace.html`, where `sourceLocation` says.
    static func record(_ trace: TraceRecorder, named name: String, sourceLocation: SourceLocation) {
        let file = name.split(separator: "/").last.map(String.init) ?? name
        Attachment.record(trace.page(named: file), named: file + ".trace.html", sourceLocation: sourceLocation)
    }
}
