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
                let old = JSONText(bytes: oldBytes.bindMemory(to: UInt8.self))
                let new = JSONText(bytes: newBytes.bindMemory(to: UInt8.self))
                guard let oldRange = old.value(at: 0), let newRange = new.value(at: 0) else { return nil }
                var operations: [JSONPatch.Operation] = []
                guard diff(old, oldRange, new, newRange, at: "", into: &operations) else { return nil }
                return operations
            }
        }
    }

    private static func diff(
        _ old: JSONText, _ oldRange: Range<Int>, _ new: JSONText, _ newRange: Range<Int>, at path: String, into operations: inout [JSONPatch.Operation]
    ) -> Bool {
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
