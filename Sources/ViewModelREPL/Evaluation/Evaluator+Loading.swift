import ViewModelKit

/// What loads share: the loader a command needs, the work in flight, and finishing it at the end of input.
extension Evaluator {
    /// The current screen and its loader, which must load and be showing the real view model.
    func requireLoader() throws(ReplError) -> (OpenScreen, any ScreenLoader) {
        let screen = try requireScreen()
        guard let loader = screen.loader, loader.loads else { throw ReplError(.notLoadable(screen: screen.name)) }
        guard screen.host.kind == .real else { throw ReplError(.previewDoesNotLoad(screen: screen.name)) }
        return (screen, loader)
    }

    /// Cancels every load in flight (Ctrl-C, SIGINT); `false` when there was none.
    @discardableResult
    package func cancelAllLoads() -> Bool {
        !cancelLoads().isEmpty
    }

    /// Cancels the loads of every screen with one in flight; the names of those screens, sorted.
    package func cancelLoads() -> [String] {
        let loading = screens.values.filter(\.isLoading)
        for screen in loading { screen.loader?.cancelLoad() }
        return loading.map(\.name).sorted()
    }

    /// Says, for each screen with work in flight, that its work waits on the real clock.
    func reportStalledWork() {
        for screen in screens.values.sorted(by: { $0.name < $1.name }) where screen.isLoading {
            let message = Messages.stalledWork(screen: screen.name, after: DurationText.seconds(options.stallNotice))
            pushes.log(.log(screen: screen.name, message: message), for: screen)
        }
    }

    /// How many screens have a load in flight.
    var loadingCount: Int { screens.values.reduce(0) { $0 + $1.workCount } }

    /// Moves virtual time until no load is in flight, or the default timeout passed; writes what they owe.
    func runLoadsToEnd() async {
        _ = try? await time.drive(timeout: options.defaultTimeout, advancing: true) { () throws(ReplError) -> Bool in
            self.loadingCount == 0 && !self.time.keepsWaiting
        }
        pushes.emitPushes()
    }

    /// Finishes the loads in flight at the end of input, cancelling those still running after the
    /// default timeout, and writes every line they owe.
    func finish() async {
        let finished =
            (try? await time.drive(timeout: options.defaultTimeout, advancing: true) { () throws(ReplError) -> Bool in
                self.loadingCount == 0 && !self.time.keepsWaiting
            }) ?? false
        if !finished {
            for screen in screens.values where screen.isLoading { screen.loader?.cancelLoad() }
        }
        pushes.emitPushes()
    }
}
