/// A state written with every object's number, so a path reads through the marks the printout
/// puts where an object repeats (`"<shared: Type, written in full nearer the top>"`) or points
/// back at one it is inside (`"<cycle: Type>"`): the mark is replaced by the object it stands for,
/// written in full elsewhere in the same state.
///
/// Only written when a path meets such a mark, so the printout and its cost stay as they are.
struct IdentifiedState {
    /// The last member of an object written in full, its number; no Swift property is named so.
    static let idKey = "\u{1}id"
    /// What separates a mark's text from the number of the object it stands for.
    static let numberMark = "\u{1}"

    let root: JSONValue
    /// Each object written in full, by number.
    private let objects: [Int: JSONValue]

    init(_ root: JSONValue) {
        self.root = root
        var objects: [Int: JSONValue] = [:]
        // An explicit stack: a state nests as deep as its bound allows, which recursion need not survive.
        var stack = [root]
        while let value = stack.popLast() {
            switch value {
            case .object(let members):
                if case .int(let number)? = members.first(where: { $0.key == Self.idKey })?.value, objects[number] == nil { objects[number] = value }
                stack.append(contentsOf: members.lazy.map(\.value))
            case .array(let elements):
                stack.append(contentsOf: elements)
            default:
                break
            }
        }
        self.objects = objects
    }

    /// The value at `path`, each mark on the way read as the object it stands for; the value
    /// itself as the printout writes it (its own marks as text, no numbers).
    func lookup(_ path: StatePath) -> JSONValue? {
        var current = resolved(root)
        for component in path.components {
            guard let next = StatePath.step(component, in: current) else { return nil }
            current = resolved(next)
        }
        return Self.plain(current)
    }

    /// Whether `path` meets a mark before its end, or ends at one, in the printout `state`.
    static func meetsMark(_ path: StatePath, in state: JSONValue) -> Bool {
        var current = state
        for component in path.components {
            if isMark(current) { return true }
            guard let next = StatePath.step(component, in: current) else { return false }
            current = next
        }
        return isMark(current)
    }

    /// Whether `value` is the printout's mark of a shared object or a cycle.
    private static func isMark(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return text.hasPrefix("<shared: ") || text.hasPrefix("<cycle: ")
    }

    /// The object a mark stands for.
    private func resolved(_ value: JSONValue) -> JSONValue {
        guard let (_, number) = Self.numberedMark(value), let object = objects[number] else { return value }
        return object
    }

    /// A mark written with the number of the object it stands for: its text and the number.
    private static func numberedMark(_ value: JSONValue) -> (text: String, number: Int)? {
        guard case .string(let text) = value, isMark(.string(text)), let separator = text.lastIndex(of: Character(numberMark)),
            let number = Int(text[text.index(after: separator)...])
        else { return nil }
        return (String(text[..<separator]), number)
    }

    /// `value` as the printout writes it: numbers left out, marks as their text.
    private static func plain(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(members.filter { $0.key != idKey }.map { ($0.key, plain($0.value)) })
        case .array(let elements):
            return .array(elements.map(plain))
        case .string:
            return numberedMark(value).map { .string($0.text) } ?? value
        default:
            return value
        }
    }
}
