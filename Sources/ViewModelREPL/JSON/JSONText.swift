import Foundation

/// A JSON text read in place: the extent of each value, an object's members and an array's
/// elements found by scanning the bytes, without parsing what is not asked for.
struct JSONText {
    let bytes: UnsafeBufferPointer<UInt8>

    func same(_ range: Range<Int>, as other: JSONText, _ otherRange: Range<Int>) -> Bool {
        range.count == otherRange.count && memcmp(bytes.baseAddress! + range.lowerBound, other.bytes.baseAddress! + otherRange.lowerBound, range.count) == 0
    }

    func parse(_ range: Range<Int>) -> JSONValue? {
        try? JSONParser.parse(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), maximumDepth: 512)
    }

    private func skipBlanks(_ index: Int) -> Int {
        var index = index
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 { index += 1 }
        return index
    }

    /// The value starting at (or after blanks from) `start`.
    func value(at start: Int) -> Range<Int>? {
        let start = skipBlanks(start)
        guard start < bytes.count, let end = end(ofValueAt: start) else { return nil }
        return start..<end
    }

    /// Where the value starting at `start` ends.
    private func end(ofValueAt start: Int) -> Int? {
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return end(ofStringAt: start)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    guard let end = end(ofStringAt: index) else { return nil }
                    index = end
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        default:
            var index = start
            scalar: while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: break scalar
                default: index += 1
                }
            }
            return index
        }
    }

    /// Where the string starting at `start` ends: the next quote not escaped, found with
    /// `memchr`, as strings are most of a state's bytes.
    private func end(ofStringAt start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count {
            guard let found = memchr(bytes.baseAddress! + index, Int32(UInt8(ascii: "\"")), bytes.count - index) else { return nil }
            let quote = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslashes = 0
            while quote - backslashes - 1 > start, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            if backslashes.isMultiple(of: 2) { return quote + 1 }
            index = quote + 1
        }
        return nil
    }

    /// An object's members: names decoded, values as ranges.
    func members(of range: Range<Int>) -> [(key: String, value: Range<Int>)]? {
        var members: [(key: String, value: Range<Int>)] = []
        var index = skipBlanks(range.lowerBound + 1)
        if bytes[index] == UInt8(ascii: "}") { return members }
        while true {
            guard bytes[index] == UInt8(ascii: "\""), let keyEnd = end(ofStringAt: index),
                case .string(let key)? = parse(index..<keyEnd)
            else { return nil }
            index = skipBlanks(keyEnd)
            guard index < range.upperBound, bytes[index] == UInt8(ascii: ":"), let value = value(at: index + 1) else { return nil }
            members.append((key, value))
            index = skipBlanks(value.upperBound)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "}") { return members }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipBlanks(index + 1)
        }
    }

    /// An array's elements, as ranges.
    func elements(of range: Range<Int>) -> [Range<Int>]? {
        var elements: [Range<Int>] = []
        var index = skipBlanks(range.lowerBound + 1)
        if bytes[index] == UInt8(ascii: "]") { return elements }
        while true {
            guard let element = value(at: index) else { return nil }
            elements.append(element)
            index = skipBlanks(element.upperBound)
            guard index < range.upperBound else { return nil }
            if bytes[index] == UInt8(ascii: "]") { return elements }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipBlanks(index + 1)
        }
    }
}
