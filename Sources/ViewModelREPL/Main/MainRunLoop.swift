#if os(Linux)
    import Foundation

    /// Runs the main thread's run loop for ever: what async `main` does on Linux once a program links
    /// ViewModelREPL (the runtime's drain hook, set in CRuntimeHooks, calls it), as Apple platforms do.
    ///
    /// The runtime would otherwise park the main thread in `dispatch_main`, where the main queue runs
    /// on a worker thread and no run loop runs: a `Timer` a view model schedules never fires,
    /// `RunLoop.main.perform` never runs, and `Thread.isMainThread` is false on the main actor.
    @_cdecl("vmrepl_run_main_run_loop")
    func runMainRunLoop() {
        // A run loop with nothing in its mode returns at once; a timer that never fires keeps it running.
        let keepAlive = Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }
        RunLoop.main.add(keepAlive, forMode: .default)
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }
#endif
