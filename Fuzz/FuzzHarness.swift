import ExampleScreens
import ViewModelREPL

/// Runs arbitrary bytes through the parser and, synchronously, a session, and traps when a promise
/// of the protocol breaks: a fuzzer reports the trap with the input that caused it.
enum FuzzHarness {
    /// Checks one input on a fresh session of the example screens.
    @MainActor
    static func check(_ bytes: UnsafeRawBufferPointer) {
        var captured: [UInt8] = []
        let writer = ProtocolWriter(
            output: OutputChannel { written in
                captured.append(contentsOf: written)
                return true
            })
        let session = Session(registry: ExampleScreens.registry(), options: Evaluator.Options(), consumer: writer)
        session.start()
        writer.flush()
        captured.removeAll()
        var lines: [InputLine] = []
        var splitter = LineSplitter(maximumLength: 4096)
        splitter.feed(bytes, into: &lines)
        splitter.finish(into: &lines)
        for line in lines {
            let before = session.accounting.errorCount
            var expectsReply = true
            switch line.content {
            case .rejected(let error):
                session.reject(error, line: line.number)
            case .text(let text):
                let parsed: ParsedCommand?
                do {
                    parsed = try CommandParser.parse(text)
                } catch {
                    session.reject(error, line: line.number)
                    parsed = nil
                    precondition(session.accounting.errorCount == before + 1)
                }
                guard let parsed else {
                    expectsReply = session.accounting.errorCount > before
                    break
                }
                guard !parsed.spec.takesTime, !startsWork(parsed.command) else { continue }
                session.handleNow(parsed, number: line.number)
            }
            writer.flush()
            let replies = captured.split(separator: 0x0A)
            precondition(captured.last == 0x0A || captured.isEmpty, "a line was left unfinished")
            precondition(replies.count == (expectsReply ? 1 : 0), "a line got \(replies.count) replies")
            for reply in replies {
                precondition((try? JSONParser.parse(String(decoding: reply, as: UTF8.self), maximumDepth: 512)) != nil, "a reply is not JSON")
            }
            captured.removeAll()
        }
    }

    /// Whether a command starts work that runs later (a load), writes files or ends the session:
    /// the fuzzer calls back on the main thread and cannot let it run, so such lines are only parsed.
    private static func startsWork(_ command: any ReplCommand) -> Bool {
        if let event = command as? EventCommand { return ["refresh", "loadTapped", "appeared", "retryTapped"].contains(event.name) }
        return command is LoadCommand || command is ReloadCommand || command is RetryCommand || command is RecordCommand || command is QuitCommand
    }
}
