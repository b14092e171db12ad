/// Which time a session's screens run on.
public enum ClockMode: String, Sendable, CaseIterable {
    /// A `ManualClock` (ViewModelKit's) that only `wait` and `advance` move: instant and the same every run.
    case virtual
    /// The system's continuous clock, for people watching.
    case real
}
