import ExampleScreens
import ViewModelREPL

/// Runs arbitrary bytes through the parser and, synchronously, the interpreter, and traps when a
/// promise of the protocol breaks: a fuzzer reports the trap with the input that caused it.
enum FuzzHarness {
    /// Checks one input on a fresh session of the example screens.
    @MainActor
    static func check(_ bytes: UnsafeRawBufferPointer) {
        var captured: [UInt8] = []
        let output = OutputChannel { written in
            captured.append(contentsOf: written)
            return true
        }
        let interpreter = Interpreter(registry: ExampleScreens.registry(), output: output)
        interpreter.start()
        output.flush()
        captured.removeAll()
        var lines: [InputLine] = []
        var splitter = LineSplitter(maximumLength: 4096)
        splitter.feed(bytes, into: &lines)
        splitter.finish(into: &lines)
        for line in lines {
            let before = interpreter.errorCount
            var expectsReply = true
            switch line.content {
            case .rejected(let error):
                interpreter.reject(error, line: line.number)
            case .text(let text):
                let parsed: CommandParser.Parsed?
                do {
                    parsed = try CommandParser.parse(text)
                } catch {
                    interpreter.reject(error, line: line.number)
                    parsed = nil
                    precondition(interpreter.errorCount == before + 1)
                }
                guard let parsed else {
                    expectsReply = interpreter.errorCount > before
                    break
                }
                switch parsed.command {
                // What needs time to pass, starts a load, or writes files is only parsed.
                case .wait, .advance, .sleep, .load, .reload, .retry, .record, .recordStop, .quit:
                    continue
                case .event(let name, _) where name == "refresh" || name == "loadTapped" || name == "appeared" || name == "retryTapped":
                    continue
                default:
                    interpreter.runSynchronously(parsed.command, tag: RequestTag(line: line.number, id: parsed.id))
                }
            }
            output.flush()
            let replies = captured.split(separator: 0x0A)
            precondition(captured.last == 0x0A || captured.isEmpty, "a line was left unfinished")
            precondition(replies.count == (expectsReply ? 1 : 0), "a line got \(replies.count) replies")
            for reply in replies {
                precondition((try? JSONParser.parse(String(decoding: reply, as: UTF8.self), maximumDepth: 512)) != nil, "a reply is not JSON")
            }
            captured.removeAll()
        }
    }
}
