import Foundation

/// A JSON Patch between two JSON texts that reads only what changed: members and elements whose
/// bytes are the same on both sides are skipped with one comparison, never parsed.
///
/// States are written with sorted keys by the same encoder every time, so a part that did not
/// change has the same bytes. Diff mode keeps the last state line's bytes per screen and patches
/// against them; a 10,000-post list that did not change costs a byte comparison, not a parse. The
/// operations are the same as ``JSONPatch/diff(from:to:)`` gives for the parsed values.
enum JSONTextDiff {
    /// The operations that turn the JSON text `old` into `new`; `nil` when either is not JSON.
    static func diff(from old: [UInt8], to new: [UInt8]) -> [JSONPatch.Operation]? {
        old.withUnsafeBytes { oldBytes in
            new.withUnsafeBytes { newBytes in
                let old = Text(bytes: oldBytes.bindMemory(to: UInt8.self))
                let new = Text(bytes: newBytes.bindMemory(to: UInt8.self))
                guard let oldRange = old.value(at: 0), let newRange = new.value(at: 0) else { return nil }
                var operations: [JSONPatch.Operation] = []
                guard diff(old, oldRange, new, newRange, at: "", into: &operations) else { return nil }
                return operations
            }
        }
    }

    private static func diff(_ old: Text, _ oldRange: Range<Int>, _ new: Text, _ newRange: Range<Int>, at path: String, into operations: inout [JSONPatch.Operation]) -> Bool {
        if old.same(oldRange, as: new, newRange) { return true }
        switch (old.bytes[oldRange.lowerBound], new.bytes[newRange.lowerBound]) {
        case (UInt8(ascii: "{"), UInt8(ascii: "{")):
            guard let oldMembers = old.members(of: oldRange), let newMembers = new.members(of: newRange) else { return false }
            for member in oldMembers {
                let childPath = path + "/" + JSONPatch.escape(member.key)
                if let newMember = newMembers.first(where: { $0.key == member.key }) {
                    guard diff(old, member.value, new, newMember.value, at: childPath, into: &operations) else { return false }
                } else {
                    operations.append(.remove(path: childPath))
                }
            }
            for member in newMembers where !oldMembers.contains(where: { $0.key == member.key }) {
                guard let value = new.parse(member.value) else { return false }
                operations.append(.add(path: path + "/" + JSONPatch.escape(member.key), value: value))
            }
        case (UInt8(ascii: "["), UInt8(ascii: "[")):
            guard let oldElements = old.elements(of: oldRange), let newElements = new.elements(of: newRange) else { return false }
            let common = min(oldElements.count, newElements.count)
            for index in 0..<common {
                guard diff(old, oldElements[index], new, newElements[index], at: path + "/" + String(index), into: &operations) else { return false }
            }
            if newElements.count > common {
                for index in common..<newElements.count {
                    guard let value = new.parse(newElements[index]) else { return false }
                    operations.append(.add(path: path + "/" + String(index), value: value))
                }
            } else {
                for index in (common..<oldElements.count).reversed() {
                    operations.append(.remove(path: path + "/" + String(index)))
                }
            }
        default:
            // Scalars, or a change of kind: compared as values, so `1.0` written as `1.0` twice is no change.
            guard let oldValue = old.parse(oldRange), let newValue = new.parse(newRange) else { return false }
            operations += JSONPatch.diff(from: oldValue, to: newValue).map { $0.prefixed(with: path) }
        }
        return true
    }

    /// A JSON text, read in place.
    private struct Text {
        let bytes: UnsafeBufferPointer<UInt8>

        func same(_ range: Range<Int>, as other: Text, _ otherRange: Range<Int>) -> Bool {
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
}

extension JSONPatch.Operation {
    /// The same operation on a value found at `prefix` in a larger one.
    func prefixed(with prefix: String) -> JSONPatch.Operation {
        switch self {
        case .add(let path, let value): .add(path: prefix + path, value: value)
        case .remove(let path): .remove(path: prefix + path)
        case .replace(let path, let value): .replace(path: prefix + path, value: value)
        }
    }
}
