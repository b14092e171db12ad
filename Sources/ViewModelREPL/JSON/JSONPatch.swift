import Foundation

/// An RFC 6902 JSON Patch between two JSON values: the operations that turn one into the other.
///
/// Patches are minimal at the member level: a changed field deep inside a large array is one
/// `replace` of that field. Arrays are compared by index: elements at the same index are diffed,
/// elements past the shorter array's end are added (in order) or removed (from the last), because
/// the states vmrepl shows change in place far more often than they move elements, and a
/// by-index patch costs one pass.
package enum JSONPatch {
    /// One operation.
    package enum Operation: Equatable, Sendable {
        case add(path: String, value: JSONValue)
        case remove(path: String)
        case replace(path: String, value: JSONValue)
    }

    /// The operations that turn `old` into `new`; empty when they are equal.
    package static func diff(from old: JSONValue, to new: JSONValue) -> [Operation] {
        var operations: [Operation] = []
        diff(old, new, at: "", into: &operations)
        return operations
    }

    private static func diff(_ old: JSONValue, _ new: JSONValue, at path: String, into operations: inout [Operation]) {
        switch (old, new) {
        case (.object(let oldMembers), .object(let newMembers)):
            for member in oldMembers {
                let childPath = path + "/" + escape(member.key)
                if let newValue = newMembers.first(where: { $0.key == member.key })?.value {
                    diff(member.value, newValue, at: childPath, into: &operations)
                } else {
                    operations.append(.remove(path: childPath))
                }
            }
            for member in newMembers where !oldMembers.contains(where: { $0.key == member.key }) {
                operations.append(.add(path: path + "/" + escape(member.key), value: member.value))
            }
        case (.array(let oldElements), .array(let newElements)):
            let common = min(oldElements.count, newElements.count)
            for index in 0..<common {
                diff(oldElements[index], newElements[index], at: path + "/" + String(index), into: &operations)
            }
            if newElements.count > common {
                for index in common..<newElements.count {
                    operations.append(.add(path: path + "/" + String(index), value: newElements[index]))
                }
            } else {
                for index in (common..<oldElements.count).reversed() {
                    operations.append(.remove(path: path + "/" + String(index)))
                }
            }
        default:
            if !identical(old, new) { operations.append(.replace(path: path, value: new)) }
        }
    }

    /// Whether two scalars (or mismatched kinds) print the same; `1` and `1.0` differ on the wire.
    private static func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int, .double), (.double, .int): false
        default: a == b
        }
    }

    /// A member name as a JSON Pointer token: `~` is `~0`, `/` is `~1`.
    static func escape(_ key: String) -> String {
        guard key.contains(where: { $0 == "~" || $0 == "/" }) else { return key }
        return key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The patch as a JSON array of operation objects.
    package static func json(_ operations: [Operation]) -> JSONValue {
        .array(
            operations.map { operation in
                switch operation {
                case .add(let path, let value): .object([("op", .string("add")), ("path", .string(path)), ("value", value)])
                case .remove(let path): .object([("op", .string("remove")), ("path", .string(path))])
                case .replace(let path, let value): .object([("op", .string("replace")), ("path", .string(path)), ("value", value)])
                }
            })
    }
}
