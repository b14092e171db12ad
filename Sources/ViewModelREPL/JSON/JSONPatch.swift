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

    /// One step into a value: a member's name or an element's index.
    package enum Token: Equatable, Sendable {
        case key(String)
        case index(Int)
    }

    /// One place where two values differ, with the value on each side (`nil` where there is none).
    package struct Difference: Equatable, Sendable {
        package var path: [Token]
        package var old: JSONValue?
        package var new: JSONValue?

        /// The path as a JSON Pointer: `/users/value/1/name`.
        package var pointer: String {
            path.map { token in
                switch token {
                case .key(let key): "/" + escape(key)
                case .index(let index): "/" + String(index)
                }
            }.joined()
        }

        /// The path as a state path after `base`: `users.value[1].name`.
        package func statePath(after base: String) -> String {
            var text = base
            for token in path {
                switch token {
                case .key(let key): PathText.append(key: key, to: &text)
                case .index(let index): text += "[\(index)]"
                }
            }
            return text
        }
    }

    /// The operations that turn `old` into `new`; empty when they are equal.
    package static func diff(from old: JSONValue, to new: JSONValue) -> [Operation] {
        operations(differences(from: old, to: new))
    }

    /// The operations that make each difference's old side its new side.
    package static func operations(_ differences: [Difference]) -> [Operation] {
        differences.map { difference in
            switch (difference.old, difference.new) {
            case (nil, let value?): .add(path: difference.pointer, value: value)
            case (_, nil): .remove(path: difference.pointer)
            case (_, let value?): .replace(path: difference.pointer, value: value)
            }
        }
    }

    /// Every place where `old` and `new` differ, in the order a patch applies them.
    package static func differences(from old: JSONValue, to new: JSONValue) -> [Difference] {
        var differences: [Difference] = []
        var path: [Token] = []
        collect(old, new, at: &path, into: &differences)
        return differences
    }

    private static func collect(_ old: JSONValue, _ new: JSONValue, at path: inout [Token], into differences: inout [Difference]) {
        switch (old, new) {
        case (.object(let oldMembers), .object(let newMembers)):
            for member in oldMembers {
                path.append(.key(member.key))
                if let newValue = newMembers.first(where: { $0.key == member.key })?.value {
                    collect(member.value, newValue, at: &path, into: &differences)
                } else {
                    differences.append(Difference(path: path, old: member.value, new: nil))
                }
                path.removeLast()
            }
            for member in newMembers where !oldMembers.contains(where: { $0.key == member.key }) {
                differences.append(Difference(path: path + [.key(member.key)], old: nil, new: member.value))
            }
        case (.array(let oldElements), .array(let newElements)):
            let common = min(oldElements.count, newElements.count)
            for index in 0..<common {
                path.append(.index(index))
                collect(oldElements[index], newElements[index], at: &path, into: &differences)
                path.removeLast()
            }
            if newElements.count > common {
                for index in common..<newElements.count {
                    differences.append(Difference(path: path + [.index(index)], old: nil, new: newElements[index]))
                }
            } else {
                for index in (common..<oldElements.count).reversed() {
                    differences.append(Difference(path: path + [.index(index)], old: oldElements[index], new: nil))
                }
            }
        default:
            if !identical(old, new) { differences.append(Difference(path: path, old: old, new: new)) }
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
