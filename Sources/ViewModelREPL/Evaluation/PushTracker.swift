/// Tracks the state changes that happen outside a command (a load finishing) and hands them to
/// the session as values (``take()``), each tagged with the request that started the load, once
/// the change has finished; the session writes them.
///
/// It also wakes whatever waits for something to happen (``nextPoke()``): `wait`, `advance` and
/// the end of input suspend on it.
@MainActor
final class PushTracker {
    /// A line owed outside a command: a state pushed, a failure to read one, a note.
    struct Push {
        var reply: Reply
        /// The request whose work it comes from.
        var tag: RequestTag?
        /// The screen whose state it shows, for the watches and invariants the session checks.
        var screen: OpenScreen?
    }

    /// Asks the session to take the pushes owed and write them (``Session/emitPushes()``).
    var deliver: (() -> Void)?
    /// Asks the session to write what it has buffered.
    var flushOutput: (() -> Void)?
    /// Outputs owed, written before every other line owed and before a command's reply.
    private var outputs: [Push] = []
    /// The request of the command running now, whose reply is not written yet: an output sent
    /// while it runs is its.
    private var commandTag: RequestTag?
    /// Notes owed, written before the states.
    private var notes: [Push] = []
    /// Screens whose state changed outside a command, in the order they changed.
    @exclusivity(unchecked) private var dirtyScreens: [OpenScreen] = []
    /// Re-arming a watch after every line costs as much as a third of a request; a session that
    /// hands lines over in batches defers it and calls ``armWatches()`` after each batch.
    var defersWatches = false
    /// Screens whose watch is deferred.
    private var unwatched: [OpenScreen] = []
    /// A command is running synchronously: its own state changes go into its reply.
    @exclusivity(unchecked) private var isExecuting = false
    @exclusivity(unchecked) private var isPushScheduled = false
    /// Screens whose changes are found by comparing (hosted classes), looked at before pushes are written.
    private var polledScreens: [OpenScreen] = []
    /// How many lines have been owed outside commands in all: a wait compares it to tell whether
    /// anything changed meanwhile.
    private(set) var pushesTaken: UInt64 = 0
    /// Tasks suspended until something happens (a state change, a sleeper on the clock).
    private var pokeWaiters: [CheckedContinuation<Void, Never>] = []

    init() {}

    /// Runs a command that needs no time to pass; changes it makes are its reply's, not pushes,
    /// and outputs sent meanwhile are `tag`'s.
    func executing<Result>(tag: RequestTag, _ body: () -> Result) -> Result {
        isExecuting = true
        commandTag = tag
        defer {
            isExecuting = false
            commandTag = nil
            if !dirtyScreens.isEmpty { schedulePushes() }
        }
        return body()
    }

    /// A state line for `screen` is being written: it is no longer owed one, and is watched again.
    func shown(_ screen: OpenScreen) {
        if screen.isDirty {
            screen.isDirty = false
            dirtyScreens.removeAll { $0 === screen }
        }
        watch(screen)
    }

    /// Watches `screen` for its next state change: at once, or, while lines are handled in a batch,
    /// before the session next lets other work run (see ``armWatches()``).
    private func watch(_ screen: OpenScreen) {
        guard defersWatches else { return arm(screen) }
        if !screen.needsWatch {
            screen.needsWatch = true
            unwatched.append(screen)
        }
    }

    /// Arms the watches deferred during a batch. Only other work on the main actor (a load
    /// finishing) changes state outside a command, and it runs only when the session suspends,
    /// so every suspension arms first.
    func armWatches() {
        for screen in polledScreens { screen.asWritten?.mayChange() }
        for screen in unwatched {
            screen.needsWatch = false
            arm(screen)
        }
        unwatched.removeAll(keepingCapacity: true)
    }

    private func arm(_ screen: OpenScreen) {
        screen.host.watch { [weak self, weak screen] isShown in
            guard let self, let screen else { return }
            if isShown {
                self.stateWillChange(screen)
            } else {
                self.hiddenStateWillChange(screen)
            }
        }
    }

    /// The view model not shown (the real one, loading behind a preview) is changing: nothing is
    /// owed a line, but what waits for loads must look again, and the watch is armed again at the
    /// next suspension, as Observation calls this while the change is under way.
    private func hiddenStateWillChange(_ screen: OpenScreen) {
        if !screen.needsWatch {
            screen.needsWatch = true
            unwatched.append(screen)
        }
        poke()
        schedulePushes()
    }

    private func stateWillChange(_ screen: OpenScreen) {
        screen.stateMayHaveChanged()
        if !screen.isDirty {
            screen.isDirty = true
            dirtyScreens.append(screen)
        }
        poke()
        if !isExecuting { schedulePushes() }
    }

    /// Writes the pushed state lines owed, once the change in progress has finished.
    private func schedulePushes() {
        guard !isPushScheduled else { return }
        isPushScheduled = true
        Task { [weak self] in
            guard let self else { return }
            self.isPushScheduled = false
            self.emitPushes()
            self.armWatches()
            self.flushOutput?()
        }
    }

    /// Looks at `screen` for changes whenever pushes are written (after each step of virtual time,
    /// each turn of a wait, the end of work): its changes are not observed but compared.
    func poll(_ screen: OpenScreen) {
        polledScreens.append(screen)
    }

    /// Has the session write the lines owed now.
    func emitPushes() {
        deliver?()
    }

    /// Owes an output `screen` sent: the running command's, or else that of the request whose work
    /// the screen runs; written before the next reply or with the next lines owed.
    func owe(output: Reply, from screen: OpenScreen) {
        outputs.append(Push(reply: output, tag: commandTag ?? screen.pushTag))
        poke()
        if !isExecuting { schedulePushes() }
    }

    /// The outputs owed now, for a reply to follow.
    func takeOutputs() -> [Push] {
        guard !outputs.isEmpty else { return [] }
        defer { outputs.removeAll() }
        pushesTaken &+= UInt64(outputs.count)
        return outputs
    }

    /// The lines owed now, in order: outputs, notes, then a state for every screen whose state changed
    /// outside a command, then what hosted screens failed to read.
    func take() -> [Push] {
        for screen in polledScreens {
            // Outside batches nothing marks the session's suspensions, so every poll looks again.
            if !defersWatches { screen.asWritten?.mayChange() }
            screen.asWritten?.poll()
        }
        guard !dirtyScreens.isEmpty || !notes.isEmpty || !outputs.isEmpty || !polledScreens.isEmpty else { return [] }
        var owed = outputs + notes
        outputs.removeAll()
        notes.removeAll()
        while !dirtyScreens.isEmpty {
            let screen = dirtyScreens.removeFirst()
            guard screen.isDirty else { continue }
            do {
                let snapshot = try screen.snapshot()
                shown(screen)
                owed.append(Push(reply: .state(snapshot), tag: screen.pushTag, screen: screen))
            } catch {
                screen.isDirty = false
                owed.append(Push(reply: .error(error), tag: screen.pushTag))
            }
        }
        for screen in polledScreens {
            for failure in screen.asWritten?.takeFailures() ?? [] { owed.append(Push(reply: .error(failure), tag: screen.pushTag)) }
            for note in screen.asWritten?.takeNotes() ?? [] { owed.append(Push(reply: .log(screen: screen.name, message: note), tag: screen.pushTag)) }
        }
        pushesTaken &+= UInt64(owed.count)
        return owed
    }

    /// Owes a note about `screen`, with the tag of the request whose work it is about, and has it written at once.
    func log(_ note: Reply, for screen: OpenScreen) {
        log(note, tag: screen.pushTag)
    }

    /// Owes a note with the tag of the request it is about, and has it written at once.
    func log(_ note: Reply, tag: RequestTag?) {
        notes.append(Push(reply: note, tag: tag))
        deliver?()
        flushOutput?()
    }

    /// Wakes every task waiting for something to happen.
    func poke() {
        let waiters = pokeWaiters
        pokeWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Suspends until the next ``poke()``.
    func nextPoke() async {
        await withCheckedContinuation { pokeWaiters.append($0) }
    }
}
