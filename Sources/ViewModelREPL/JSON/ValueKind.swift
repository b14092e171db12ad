/// The table of value forms: each kind of Swift value a state can hold, and the JSON it is written as.
///
/// One row per kind, in the order docs/PROTOCOL.md lists them: that table is generated from this
/// one (``markdown``), and `ValueKindTests` walks every row through every path a value takes
/// (a `Codable` state, a reflected class, reading back for `mock` and arguments, `describe`'s
/// schema), so a kind written one way on one path and another way on another fails `make test`.
package enum ValueKind: String, Sendable, CaseIterable {
    case optional
    case string
    case bool
    case integer
    case floatingPoint
    case decimal
    case date
    case url
    case uuid
    case data
    case array
    case set
    case textKeyedDictionary
    case otherKeyedDictionary
    case structure
    case tuple
    case enumeration
    case rawValueEnumeration
    case encodable
    case error
    case closure
    case propertyWrapper
    case lazy
    case reference
    case cycle
    case actor
    case locked
    case anyHashable
    case opaque
    case other

    /// The Swift values of this kind, as the table's first column gives them (Markdown).
    package var swift: String {
        switch self {
        case .optional: "`nil`"
        case .string: "`String`, `Character`, `Substring`, a view of a string's text (`utf8`, `unicodeScalars`)"
        case .bool: "`Bool`"
        case .integer: "an integer of any width"
        case .floatingPoint: "`Double`, `Float`, `Float16`, `Float80`, `CGFloat`"
        case .decimal: "`Decimal`"
        case .date: "`Date`"
        case .url: "`URL`"
        case .uuid: "`UUID`"
        case .data: "`Data`"
        case .array: "an array, an `InlineArray`, an `IndexSet` (its indexes, ascending: `at=[0,2]`)"
        case .set: "a set, a dictionary's `keys` or `values`"
        case .textKeyedDictionary: "a dictionary keyed by text, integers or raw-valued enums"
        case .otherKeyedDictionary: "a dictionary with other keys"
        case .structure: "a struct or class"
        case .tuple: "a tuple"
        case .enumeration: "an enum"
        case .rawValueEnumeration: "a raw-value enum that is `Codable`"
        case .encodable: "an `Encodable` value"
        case .error: "an `Error`"
        case .closure: "a closure"
        case .propertyWrapper: "a property behind a wrapper (`@Published var state`, `@Binding var isOn`, a team's own)"
        case .lazy: "a `lazy var`"
        case .reference: "a class met again"
        case .cycle: "a class met again inside itself"
        case .actor: "an actor"
        case .locked:
            "a class that guards its state with a lock (an `NSLock` or any `NSLocking`, a `Mutex`, an atomic, an unfair lock, a dispatch queue), held itself, optional or in a struct it stores"
        case .anyHashable: "an `AnyHashable`"
        case .opaque: "a pointer, a `Task`, an `ObjectIdentifier`, a key path, a `String.Index`"
        case .other: "anything else"
        }
    }

    /// How values of this kind are written, and read back where they can be (Markdown).
    package var json: String {
        switch self {
        case .optional: "`null` (never left out); read back from `null` or a missing member"
        case .string: "text"
        case .bool: "`true`, `false`"
        case .integer:
            "a number with all its digits (`UInt64.max` is `18446744073709551615`), read back exactly; given for a type "
                + "that cannot hold it (`write small=128` on an `Int8`), the error says so (`128 is out of the range Int8 holds`)"
        case .floatingPoint:
            "a number in its shortest text (`Float` `0.1` is `0.1`, `-0.0` is `-0`); NaN and the infinities, which JSON "
                + "has no number for, as `\"nan\"`, `\"inf\"`, `\"-inf\"`, also inside an `Encodable` value"
        case .decimal: "a number with all its digits, read back with all of them; NaN as `\"nan\"`"
        case .date:
            "ISO 8601 text, fractional seconds only when it has them: `\"2026-12-03T09:30:00Z\"`, to the millisecond "
                + "(rounded, so text read back is written as itself), in the proleptic Gregorian calendar "
                + "(`Date.distantPast` is `0000-12-30T00:00:00Z`; a year past 9999 is `+10000`, one before 0 `-4713`), "
                + "never clamped; read back from that text, a time zone offset, or seconds since 2001; "
                + "a `Date` of NaN or infinite seconds (no moment at all) is `\"nan\"`, `\"inf\"` or `\"-inf\"`, as a `Double` is"
        case .url: "its absolute text"
        case .uuid: "its text, upper case"
        case .data: "base64 text"
        case .array: "an array"
        case .set: "an array sorted by its elements' JSON, the same in every process"
        case .textKeyedDictionary:
            "an object, keys sorted (where two keys print alike, as for other keys), also where `Codable` writes "
                + "`[key, value, …]` (a raw-valued enum's keys); read back from either"
        case .otherKeyedDictionary: "`[key, value]` pairs sorted by their JSON, the same in every process (`{}` when empty)"
        case .structure:
            "an object of its stored properties, keys sorted; each class of a chain by its own rules (an `@Observable` "
                + "class's tracked properties, a plain one's stored properties; an `@Observable` class's constants are "
                + "left out, being as often its dependencies, but those `constants:` or `fields:` name: `vmrepl-screens` "
                + "names those of value types); a base class's property a subclass "
                + "shadows as `super.name`; a class with a custom mirror as the children its mirror lists"
        case .tuple: "an object when every element has a label, else an array"
        case .enumeration:
            "`\"idle\"` for a case without payload (its case name, even where the enum describes itself otherwise), "
                + "`{\"loaded\":PAYLOAD}` otherwise: one unlabeled payload as itself, labeled payloads as an object, "
                + "several unlabeled ones as an array; read back also from synthesized `Codable`'s `{\"idle\":{}}`, "
                + "`{\"loaded\":{\"_0\":3}}`"
        case .rawValueEnumeration: "its raw value, as its conformance writes it; `describe` lists its cases by their raw values"
        case .encodable: "what its own conformance writes, keys sorted, in the readable forms of this table (a `Range` as `[lower, upper]`)"
        case .error:
            "`{\"type\":\"SomeError\",\"description\":\"…\"}`: its `errorDescription`, else the description its own "
                + "type gives, else Foundation's localized description"
        case .closure:
            "left out, wherever it is stored: a class, a struct, an enum's payload, an array, a dictionary "
                + "(a type whose name only mentions one, "
                + "`Box<(Int) -> Int>`, is a value like any other)"
        case .propertyWrapper:
            "under the property's own name, as its wrapped value: read from a stored `wrappedValue` or `_value`, "
                + "from `Published`'s storage (the value, or its publisher's current value once something subscribed), "
                + "or got from a get/set wrapper's one getter (a `Binding` made with `get:` and `set:`)"
        case .lazy: "under its name, `null` until first used"
        case .reference:
            "written in full up to four times in one state, then `\"<shared: Type, written in full 4 times above>\"` "
                + "(a graph of shared objects is written once per object, not once per path); in a state that meets one "
                + "more often, each is written in full only where it is met nearest the top, and "
                + "`\"<shared: Type, written in full nearer the top>\"` deeper, so the view model's own fields are never marks; "
                + "a path (`expect`, `wait until`, `watch`, `invariant`) reads through a mark to the object it stands for"
        case .cycle: "`\"<cycle: Type>\"`; a path reads through it to the object it points back at"
        case .actor: "`\"<actor: Type>\"`: its state is its own, and another thread may be writing it"
        case .locked:
            "`\"<locked: Type>\"`: other threads take the lock to write it, so it is not read past it; the view model's "
                + "own `Mutex` or `Atomic` (any `~Copyable` property, which reflection cannot copy out) is `\"<~Copyable>\"`"
        case .anyHashable: "the value it holds"
        case .opaque: "its type, as its bits differ in every process: `\"<UnsafeMutablePointer<Int>>\"`, `\"<Task<(), Never>>\"`"
        case .other: "its description, as text"
        }
    }

    /// Written in place of a value nested deeper than `depth`: a form of the table's (a state's
    /// value, not a message), here so the encoders below the messages write it.
    static func cutDeeper(than depth: Int) -> String { "<cut: nested deeper than \(depth) levels>" }

    /// The table as docs/PROTOCOL.md lists it, one row per kind.
    package static var markdown: String {
        var lines = ["| Swift value | JSON |", "| --- | --- |"]
        for kind in allCases { lines.append("| \(kind.swift) | \(kind.json) |") }
        return lines.joined(separator: "\n")
    }
}
