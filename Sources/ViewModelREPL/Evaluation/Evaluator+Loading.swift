import ViewModelKit

/// `load`, `retry`, `cancel`, `wait`, and finishing what is in flight at the end of input.
extension Evaluator {
    func load(tag: RequestTag, isReload: Bool = false) throws(ReplError) -> Reply {
        let (screen, loader) = try requireLoader()
        loader.load(isReload: isReload)
        screen.stateMayHaveChanged()
        screen.pushTag = tag
        return try stateReply(screen)
    }

    func retry(tag: RequestTag) throws(ReplError) -> Reply {
        let (screen, loader) = try requireLoader()
        guard loader.retry() else { throw ReplError(.nothingToRetry(screen: screen.name)) }
        screen.stateMayHaveChanged()
        screen.pushTag = tag
        return try stateReply(screen)
    }

    func cancel() throws(ReplError) -> Reply {
        let (screen, loader) = try requireLoader()
        loader.cancelLoad()
        screen.stateMayHaveChanged()
        return try stateReply(screen)
    }

    private func requireLoader() throws(ReplError) -> (OpenScreen, any ScreenLoader) {
        let screen = try requireScreen()
        guard let loader = screen.loader, loader.loads else { throw ReplError(.notLoadable(screen: screen.name)) }
        guard screen.host.kind == .real else { throw ReplError(.previewDoesNotLoad(screen: screen.name)) }
        return (screen, loader)
    }

    /// Cancels every load in flight (Ctrl-C, SIGINT); `false` when there was none.
    package func cancelAllLoads() -> Bool {
        let loading = screens.values.filter(\.isLoading)
        for screen in loading { screen.loader?.cancelLoad() }
        return !loading.isEmpty
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

    func wait(until condition: StateCondition?, timeout: Duration, name: String) async throws(ReplError) -> Reply {
        let screen: OpenScreen? = condition == nil ? current : try requireScreen()
        let description = condition.map(\.text)
        let reached = try await time.drive(timeout: timeout, advancing: true) { () throws(ReplError) -> Bool in
            guard let condition, let screen else { return self.loadingCount == 0 }
            if ConditionCheck.holds(condition, in: try screen.root(for: condition.path)) { return true }
            if !self.time.isAnythingPending {
                throw ReplError(.neverHolds(condition: description ?? ""))
            }
            return false
        }
        pushes.emitPushes()
        guard reached else {
            throw ReplError(.timedOut(after: timeout, condition: description, loading: screens.values.filter(\.isLoading).map(\.name).sorted()))
        }
        guard let screen else { return .ok(Acknowledgement(name)) }
        return try stateReply(screen)
    }

    /// Moves virtual time until no load is in flight, or the default timeout passed; writes what they owe.
    func settleLoads() async {
        _ = try? await time.drive(timeout: options.defaultTimeout, advancing: true) { () throws(ReplError) -> Bool in
            self.loadingCount == 0
        }
        pushes.emitPushes()
    }

    /// Finishes the loads in flight at the end of input, cancelling those still running after the
    /// default timeout, and writes every line they owe.
    func finish() async {
        let finished =
            (try? await time.drive(timeout: options.defaultTimeout, advancing: true) { () throws(ReplError) -> Bool in
                self.loadingCount == 0
            }) ?? false
        if !finished {
            for screen in screens.values where screen.isLoading { screen.loader?.cancelLoad() }
        }
        pushes.emitPushes()
    }
}
