import ViewModelKit

/// `load`, `retry`, `cancel`, `wait`, `advance`, and finishing what is in flight at the end of input.
extension Interpreter {
    func load(tag: RequestTag) throws(ReplError) {
        let (screen, loader) = try requireLoader()
        loader.load()
        screen.pushTag = tag
        try replyState(of: screen, tag: tag)
    }

    func retry(tag: RequestTag) throws(ReplError) {
        let (screen, loader) = try requireLoader()
        guard loader.retry() else { throw ReplError(.nothingToRetry, Messages.nothingToRetry(screen.name)) }
        screen.pushTag = tag
        try replyState(of: screen, tag: tag)
    }

    func cancel(tag: RequestTag) throws(ReplError) {
        let (screen, loader) = try requireLoader()
        loader.cancelLoad()
        try replyState(of: screen, tag: tag)
    }

    private func requireLoader() throws(ReplError) -> (OpenScreen, any LoadingViewModel) {
        let screen = try requireScreen()
        guard let loader = screen.host.loader else { throw ReplError(.notLoadable, Messages.notLoadable(screen.name)) }
        guard screen.host.kind == .real else { throw ReplError(.notInPreview, Messages.previewDoesNotLoad(screen.name)) }
        return (screen, loader)
    }

    /// Cancels every load in flight (Ctrl-C at a terminal); `false` when there was none.
    package func cancelAllLoads() -> Bool {
        let loading = screens.values.filter(\.isLoading)
        for screen in loading { screen.loader?.cancelLoad() }
        return !loading.isEmpty
    }

    /// What tab completion offers now.
    package func completionContext() -> CompletionContext {
        var context = CompletionContext()
        context.screens = registry.names
        if let current {
            context.events = current.host.catalog.events.map { ($0.name, $0.arguments.map(\.name)) }
            if let state = try? current.host.stateValue() { context.fields = CompletionContext.fields(of: state) }
        }
        return context
    }

    /// The current screen and which view model it shows, for a prompt.
    package var promptParts: (screen: String, model: ModelKind)? {
        current.map { ($0.name, $0.host.kind) }
    }

    /// How many screens have a load in flight.
    var loadingCount: Int { screens.values.reduce(0) { $0 + ($1.isLoading ? 1 : 0) } }

    func wait(until condition: Command.Condition?, timeout: Duration, tag: RequestTag) async throws(ReplError) {
        let screen: OpenScreen? = condition == nil ? current : try requireScreen()
        let description = condition.map(ConditionCheck.describe)
        let reached = try await drive(timeout: timeout, advancing: true) { () throws(ReplError) -> Bool in
            guard let condition, let screen else { return self.loadingCount == 0 }
            if ConditionCheck.holds(condition, in: try self.conditionRoot(screen, for: condition.path)) { return true }
            if self.loadingCount == 0, (self.manualClock?.sleeperCount ?? 0) == 0 {
                throw ReplError(.timeout, Messages.neverHolds(description ?? ""))
            }
            return false
        }
        emitPushes()
        guard reached else {
            throw ReplError(.timeout, Messages.timedOut(DurationText.seconds(timeout), condition: description))
        }
        if let screen {
            try replyState(of: screen, tag: tag)
        } else {
            replyOK("wait", tag: tag)
        }
    }

    func advance(by duration: Duration, tag: RequestTag) async throws(ReplError) {
        guard let manualClock else { throw ReplError(.badArguments, Messages.advanceNeedsVirtualTime) }
        let target = manualClock.now.advanced(by: duration)
        try await settle()
        while let next = manualClock.nextDeadline, next <= target {
            manualClock.advance(to: next)
            try await settle()
        }
        manualClock.advance(to: target)
        emitPushes()
        output.begin("clock", tag: tag)
        output.field("now", .double(DurationText.seconds(manualClock.now.offset)))
        output.end()
    }

    /// On virtual time, after each command: lets what the command started run until it is asleep on
    /// the clock or done, so the next command (and a transcript) sees the same thing every run.
    func settleQuietly() async {
        // Nothing loading is the common case; it needs no look at the clock (which takes a lock).
        guard let manualClock else { return }
        let loading = loadingCount
        guard loading > 0, loading > manualClock.sleeperCount else { return }
        try? await settle()
        emitPushes()
    }

    /// On virtual time: suspends until every load in flight is asleep on the clock or done, so the
    /// clock is moved only past sleeps that have really begun.
    private func settle() async throws(ReplError) {
        guard let manualClock else { return }
        let settled = try await drive(timeout: options.defaultTimeout, advancing: false) { () throws(ReplError) -> Bool in
            self.loadingCount <= manualClock.sleeperCount
        }
        if !settled { throw ReplError(.timeout, Messages.timedOut(DurationText.seconds(options.defaultTimeout), condition: nil)) }
    }

    /// Finishes the loads in flight at the end of input, cancelling those still running after the
    /// default timeout, and writes every line they owe.
    package func finish() async {
        let finished = (try? await drive(timeout: options.defaultTimeout, advancing: true) { () throws(ReplError) -> Bool in
            self.loadingCount == 0
        }) ?? false
        if !finished {
            for screen in screens.values where screen.isLoading { screen.host.loader?.cancelLoad() }
        }
        emitPushes()
        output.flush()
    }

    /// Suspends until `done` holds, moving virtual time from deadline to deadline when `advancing`
    /// and every load in flight is asleep on the clock; `false` when `timeout` passed first.
    ///
    /// Virtual time is limited to `timeout` past its start; real time too, as a guard against loads
    /// that wait on something other than the clock.
    private func drive(
        timeout: Duration,
        advancing: Bool,
        until done: () throws(ReplError) -> Bool
    ) async throws(ReplError) -> Bool {
        let limit = manualClock.map { $0.now.advanced(by: timeout) }
        let alarm = Alarm()
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            alarm.rang = true
            self?.poke()
        }
        defer { timer.cancel() }
        while true {
            emitPushes()
            if try done() { return true }
            if alarm.rang { return false }
            if advancing, let manualClock, let limit, loadingCount <= manualClock.sleeperCount, let next = manualClock.nextDeadline {
                guard next <= limit else { return false }
                manualClock.advance(to: next)
            }
            armWatches()
            await nextPoke()
        }
    }
}

/// Set when a wait's real-time guard expires.
@MainActor
private final class Alarm {
    var rang = false
}
