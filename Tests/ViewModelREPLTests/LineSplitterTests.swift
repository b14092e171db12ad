import Testing

@testable import ViewModelREPL

/// A line is split and checked the same whether it arrives whole inside one read (checked where it
/// lies) or in pieces across reads (gathered first).
struct LineSplitterTests {
    /// What the splitter made of `input` fed in chunks of the given sizes, one description per line.
    private func lines(_ input: [UInt8], chunks: [Int], maximumLength: Int) -> [String] {
        var splitter = LineSplitter(maximumLength: maximumLength)
        var lines: [InputLine] = []
        var start = 0
        var sizes = chunks[...]
        while start < input.count {
            let end = min(input.count, start + max(1, sizes.popFirst() ?? input.count))
            input[start..<end].withUnsafeBytes { splitter.feed($0, into: &lines) }
            start = end
        }
        splitter.finish(into: &lines)
        return lines.map { line in
            switch line.content {
            case .text(let text): "\(line.number) text \(Array(text.utf8))"
            case .rejected(let error): "\(line.number) \(error.code.rawValue) \(error.column ?? 0)"
            }
        }
    }

    @Test func wholeAndPiecemealLinesComeOutTheSame() {
        var generator = SplitMix(seed: 7)
        // Plain bytes, tabs, carriage returns, newlines, a control character, DEL, an invalid
        // byte and the two bytes of é.
        let alphabet: [UInt8] = [0x61, 0x62, 0x09, 0x0D, 0x0A, 0x0A, 0x01, 0x7F, 0xFF, 0xC3, 0xA9]
        for round in 0..<2_000 {
            let input = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let maximumLength = Int.random(in: 1...6, using: &generator)
            let whole = lines(input, chunks: [], maximumLength: maximumLength)
            let byteByByte = lines(input, chunks: Array(repeating: 1, count: input.count), maximumLength: maximumLength)
            let random = lines(input, chunks: (0..<input.count).map { _ in Int.random(in: 1...7, using: &generator) }, maximumLength: maximumLength)
            #expect(whole == byteByByte, "round \(round): \(input)")
            #expect(whole == random, "round \(round): \(input)")
        }
    }

    /// A byte-order mark starts the first line only: it is skipped there, whole or in pieces, and
    /// kept (as the character it is) anywhere else.
    @Test func aByteOrderMarkAtTheStartIsNotPartOfTheFirstCommand() {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("use foo\n".utf8) + [0xEF, 0xBB, 0xBF] + Array("x\n".utf8)
        let expected = ["1 text \(Array("use foo".utf8))", "2 text \([0xEF, 0xBB, 0xBF] + Array("x".utf8))"]
        for chunks in [[input.count], [1, 1, 1], [2], [4, 3]] {
            #expect(lines(input, chunks: chunks, maximumLength: 100) == expected, "chunks \(chunks)")
        }
    }

    @Test func lengthLimitCountsTheLineWithoutItsCarriageReturn() {
        let input = Array("abc\r\nabcd\r\nab\n".utf8)
        #expect(lines(input, chunks: [], maximumLength: 3) == ["1 text \(Array("abc".utf8))", "2 line_too_long 0", "3 text \(Array("ab".utf8))"])
    }
}
