import Testing

@testable import ViewModelREPL

/// The per-line byte buffer keeps exactly what an array would, through growth and truncation.
struct ByteBufferTests {
    @Test func randomAppendsAndTruncationsMatchAnArray() {
        var generator = SystemRandomNumberGenerator()
        let buffer = ByteBuffer(capacity: 1)
        var reference: [UInt8] = []
        for _ in 0..<5_000 {
            switch Int.random(in: 0..<5, using: &generator) {
            case 0:
                let byte = UInt8.random(in: 0...255, using: &generator)
                buffer.append(byte)
                reference.append(byte)
            case 1:
                let run = (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
                buffer.append(run)
                reference += run
            case 2:
                buffer.append("static")
                reference += Array("static".utf8)
            case 3:
                let text = String(repeating: "é👋", count: Int.random(in: 0..<20, using: &generator))
                buffer.append(utf8: text)
                reference += Array(text.utf8)
            default:
                let keep = Int.random(in: 0...reference.count, using: &generator)
                buffer.truncate(to: keep)
                reference.removeSubrange(keep...)
            }
            #expect(buffer.count == reference.count)
        }
        #expect(buffer.array == reference)
        #expect(Array(buffer.bytes) == reference)
        buffer.removeAll()
        #expect(buffer.isEmpty)
    }
}
