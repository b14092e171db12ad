/// Writing replies and pushed state lines.
extension Interpreter {
    /// Writes an `error` line.
    func reply(error: ReplError, tag: RequestTag) {
        countError(error, tag: tag)
        output.begin("error", tag: tag)
        output.field("code", error.code.rawValue)
        output.field("message", error.message)
        if let column = error.column { output.field("column", column) }
        for detail in error.details { output.field(named: detail.key, detail.value) }
        output.end()
    }

    /// Writes an `ok` line for a command that has nothing else to say.
    func replyOK(_ command: String, tag: RequestTag) {
        output.begin("ok", tag: tag)
        output.field("cmd", command)
        output.end()
    }

    /// Writes a screen's whole state as a `state` line; `push` marks a change a load made later.
    func replyState(of screen: OpenScreen, tag: RequestTag?, push: Bool = false) throws(ReplError) {
        let mark = output.mark
        output.begin("state", tag: tag, push: push)
        output.field("screen", screen.name)
        output.field("model", screen.host.kind.rawValue)
        if screen.isLoading { output.field("loading", true) }
        output.key("state")
        do {
            try output.write { (buffer) throws(ReplError) in try screen.host.appendState(to: &buffer) }
        } catch {
            output.rollback(to: mark)
            throw error
        }
        output.end()
        if screen.isDirty {
            screen.isDirty = false
            dirtyScreens.removeAll { $0 === screen }
        }
        watch(screen)
    }

    /// Watches `screen` for its next state change: at once, or, while lines are handled in a batch,
    /// before the interpreter next lets other work run (see ``armWatches()``).
    func watch(_ screen: OpenScreen) {
        guard deferWatches else { return arm(screen) }
        if !screen.needsWatch {
            screen.needsWatch = true
            unwatched.append(screen)
        }
    }

    /// Arms the watches deferred during a batch. Only other work on the main actor (a load
    /// finishing) changes state outside a command, and it runs only when the interpreter suspends,
    /// so every suspension arms first.
    package func armWatches() {
        for screen in unwatched {
            screen.needsWatch = false
            arm(screen)
        }
        unwatched.removeAll(keepingCapacity: true)
    }

    private func arm(_ screen: OpenScreen) {
        screen.host.watch { [weak self, weak screen] in
            guard let self, let screen else { return }
            self.stateWillChange(screen)
        }
    }

    private func stateWillChange(_ screen: OpenScreen) {
        if !screen.isDirty {
            screen.isDirty = true
            dirtyScreens.append(screen)
        }
        poke()
        if !isExecuting { schedulePushes() }
    }

    /// Writes the pushed state lines owed, once the change in progress has finished.
    func schedulePushes() {
        guard !isPushScheduled else { return }
        isPushScheduled = true
        Task { [weak self] in
            guard let self else { return }
            self.isPushScheduled = false
            self.emitPushes()
            self.armWatches()
            self.output.flush()
        }
    }

    /// Writes a `state` line for every screen whose state changed outside a command.
    func emitPushes() {
        while !dirtyScreens.isEmpty {
            let screen = dirtyScreens.removeFirst()
            guard screen.isDirty else { continue }
            do {
                try replyState(of: screen, tag: screen.pushTag, push: true)
            } catch {
                screen.isDirty = false
                output.begin("error", tag: screen.pushTag, push: true)
                output.field("code", error.code.rawValue)
                output.field("message", error.message)
                output.end()
            }
        }
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
