import Testing
import ViewModelREPL

/// The word-at-a-time scans find exactly what a byte-by-byte look finds.
struct ByteScanTests {
    private func naiveStringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        bytes[start...].firstIndex { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") } ?? bytes.count
    }

    private func naiveLineCheck(_ bytes: [UInt8]) -> (Int?, Bool) {
        let control = bytes.firstIndex { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
        return (control, control == nil && bytes.allSatisfy { $0 < 0x80 })
    }

    /// Mostly plain text, with each kind of byte that matters now and then, at every offset.
    private func randomBytes(_ random: inout SplitMix) -> [UInt8] {
        let special: [UInt8] = [0x00, 0x08, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        return (0..<random.next(40)).map { _ in
            random.next(6) == 0 ? special[random.next(special.count)] : UInt8(ascii: "a") + UInt8(random.next(26))
        }
    }

    @Test func stringEndsAndLineChecksAgreeWithAByteByByteLook() {
        var random = SplitMix(seed: 8)
        for _ in 0..<20_000 {
            let bytes = randomBytes(&random)
            let start = bytes.isEmpty ? 0 : random.next(bytes.count + 1)
            #expect(bytes.withUnsafeBufferPointer { ByteScan.stringEnd($0, from: start) } == naiveStringEnd(bytes, from: start), "\(bytes) from \(start)")
            let (control, isASCII) = bytes.withUnsafeBufferPointer(ByteScan.lineCheck)
            let expected = naiveLineCheck(bytes)
            #expect(control == expected.0, "\(bytes)")
            if control == nil { #expect(isASCII == expected.1, "\(bytes)") }
        }
    }
}
