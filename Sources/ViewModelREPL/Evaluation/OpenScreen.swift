/// A screen opened in this session, with what the interpreter tracks about it.
@MainActor
final class OpenScreen {
    let host: any ScreenHosting
    /// Its state changed since its last state line.
    var isDirty = false
    /// The request whose load produces this screen's pushed state lines.
    var pushTag: RequestTag?

    init(host: any ScreenHosting) {
        self.host = host
    }

    var name: String { host.name }

    /// Whether the real view model has a load in flight.
    var isLoading: Bool { host.loader?.isLoading ?? false }
}
