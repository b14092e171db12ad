import ViewModelKit

/// A screen opened in this session, with what the interpreter tracks about it.
@MainActor
final class OpenScreen {
    let host: any ScreenHosting
    /// The real view model, when it loads; looked up once, as every command asks.
    let loader: (any LoadingViewModel)?
    /// Its watch is deferred until the batch of lines is handled.
    var needsWatch = false
    /// Its state changed since its last state line.
    var isDirty = false
    /// The request whose load produces this screen's pushed state lines.
    var pushTag: RequestTag?

    init(host: any ScreenHosting) {
        self.host = host
        self.loader = host.loader
    }

    var name: String { host.name }

    /// Whether the real view model has a load in flight.
    var isLoading: Bool { loader?.isLoading ?? false }
}
