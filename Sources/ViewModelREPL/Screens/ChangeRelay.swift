/// Passes a view model's change calls (Observation's `onChange`, `objectWillChange`) on to its screen.
@MainActor
final class ChangeRelay {
    var target: ((ModelKind) -> Void)?

    /// Called where the change happens: on the main actor, as hosted view models are isolated to it.
    nonisolated func relay(_ kind: ModelKind) {
        MainActor.assumeIsolated { target?(kind) }
    }
}
