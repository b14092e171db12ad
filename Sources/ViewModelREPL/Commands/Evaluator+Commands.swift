/// Running a command: at once for most, awaited for those that let time pass.
extension Evaluator {
    /// Evaluates one command; `tag` is the request it came from.
    func evaluate(_ parsed: ParsedCommand, tag: RequestTag) async -> Reply {
        time.commandBegins()
        guard parsed.spec.takesTime, let timed = parsed.command as? any TimedCommand else { return evaluateNow(parsed, tag: tag) }
        defer { time.commandEnds() }
        do throws(ReplError) {
            return try await timed.runOverTime(in: self, tag: tag)
        } catch {
            return .error(error)
        }
    }

    /// Evaluates a command that needs no time to pass, start to finish (never one whose spec says
    /// `takesTime`, which ``evaluate(_:tag:)`` awaits).
    func evaluateNow(_ parsed: ParsedCommand, tag: RequestTag) -> Reply {
        time.commandBegins()
        if parsed.spec.needsScreen, current == nil { return .error(ReplError(.noScreen(known: registry.names))) }
        defer { time.commandEnds() }
        return pushes.executing(tag: tag) {
            // On virtual time the loads a command starts do their work on this thread (LoadJobQueue).
            if #available(macOS 15.0, *) {
                if time.mode == .virtual { return LoadJobQueue.shared.running { run(parsed, tag: tag) } }
                // On real time only outputs' subscriptions queue there: what the command sent is its.
                let reply = run(parsed, tag: tag)
                LoadJobQueue.shared.runPending()
                return reply
            }
            return run(parsed, tag: tag)
        }
    }

    private func run(_ parsed: ParsedCommand, tag: RequestTag) -> Reply {
        do throws(ReplError) {
            return try parsed.command.run(in: self, tag: tag)
        } catch {
            return .error(error)
        }
    }
}
