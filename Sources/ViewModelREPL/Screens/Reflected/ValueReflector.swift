import Foundation
import Observation
import ViewModelKit

/// Writes any Swift value as JSON the way people read it, by reflection where the value is not
/// `Encodable`: a hosted view model's state needs no conformance of its own.
///
/// - `nil` is `null`; a `Date` is ISO 8601 (with fractional seconds when it has them); `URL`, `UUID`
///   are strings and `Data` is base64.
/// - An `Encodable` value is written by its own conformance, as the protocol path writes states, so
///   what `Decodable` reads back is what was printed.
/// - An enum is externally tagged: `"idle"`, `{"loaded":3}`, `{"failed":{"message":"x"}}`, several
///   unlabeled payloads as an array; a struct, tuple or class is an object of its stored properties
///   (keys sorted); a set is sorted by its elements' JSON; a dictionary with string or integer keys
///   is an object; an `Error` is `{"type":…,"description":…}`; anything else is its description.
/// - An `@Observable` class shows its tracked properties (`_name` storage as `name`), leaving out its
///   registrar and what `@ObservationIgnored` keeps; stored closures are left out everywhere.
@MainActor
final class ValueReflector {
    /// How deep values nest before the rest is cut (written as ``Messages/cutDeeper``).
    static let maximumDepth = StateEncoder.maximumDepth
    /// How many values one state may hold before the rest is cut (written as
    /// ``Messages/cutLarger``): a value reached by many paths (an object or an indirect enum
    /// case shared through a graph) is written once per path, so without a bound a graph of 40
    /// levels would never finish.
    static let maximumValues = 1_000_000
    /// How many times one object is written in full in one state; past that it is a mark
    /// (``Messages/sharedObject``), so a graph of shared objects is written in time linear in its
    /// objects, not in its paths (as `dump` writes a shared object once).
    static let maximumRepeats = 4

    private let stateEncoder = StateEncoder()
    private let fallback = StateEncoder.fallbackEncoder(for: .readable)
    /// How each type is written, worked out once per type.
    private var strategies: [ObjectIdentifier: Strategy] = [:]
    /// How each class's properties are read, worked out once per class (`nil`: through `Mirror`).
    private var objectLayouts: [ObjectIdentifier: ObjectLayout?] = [:]
    /// The layout asked for last, found without hashing.
    private var lastLayout: (key: ObjectIdentifier, layout: ObjectLayout?)?
    /// The objects being written now, so a child that points back at its parent ends.
    private var visiting: Set<ObjectIdentifier> = []
    /// The view model whose properties are being written, which a child may point back at too.
    private var root: ObjectIdentifier?
    /// How many more values the state being written may hold (see ``maximumValues``).
    private var valuesLeft = maximumValues
    /// The hosted view model's stored properties not shown, by name (its own only, not those of
    /// the values it holds).
    var leftOut: Set<String> = []
    /// The hosted view model's class and the constants of it shown where it is `@Observable`
    /// (`let country`), whose untracked storage is otherwise left out.
    var constants: (type: ObjectIdentifier, names: Set<String>)?
    /// Whether each object written in full carries its number (``IdentifiedState/idKey``) and each
    /// mark of a shared object or a cycle names the number of the object it stands for: the state a
    /// path is read through where the printout abbreviates it (see ``IdentifiedState``).
    var identifiesObjects = false
    /// Each object's number, while ``identifiesObjects``.
    private var objectNumbers: [ObjectIdentifier: Int] = [:]
    /// The Foundation timers met while writing, for the session to fire on virtual time; taken by the screen.
    var metTimers: [Timer] = []
    /// How many times each object has been written in full in the state being written, and the
    /// least depth it was met at.
    private var repeats: [ObjectIdentifier: Repeats] = [:]
    /// Whether an object of the state being written was met more than ``maximumRepeats`` times.
    private var markedShared = false
    /// In a state written again because an object was met too often, the least depth each object
    /// was met at the first time: it is written in full only there (see ``writeState(to:_:)``).
    private var nearest: [ObjectIdentifier: Int]?

    /// One object's writes in the state being written.
    private struct Repeats {
        var times: Int
        var nearest: Int
    }

    /// How a value of one type is written.
    private enum Strategy {
        case null
        case string, bool, int, integer, double, float, date, url, uuid, data, decimal
        /// An x87 `Float80`: a number in its own digits, a non-finite one as a `Double`'s.
        case float80
        case error, encodable
        case enumeration, tuple
        /// An optional, unwrapped without a `Mirror` when the type is `Optional` itself.
        case optional((Any) -> Any?)
        /// An array, set or dictionary, with how to walk it when a `Mirror` is not needed.
        case collection(((Any, (Any) throws -> Void) throws -> Void)?)
        case set(((Any, (Any) throws -> Void) throws -> Void)?)
        case dictionary(((Any) -> [(key: Any, value: Any)])?)
        /// A struct, with its layout when its fields can be read from memory.
        case structure(StoredLayout?)
        case object(observable: Bool)
        /// An `AnyHashable`, written as the value it wraps.
        case hashable
        /// An actor, whose storage is its own to read (another thread may be writing it): its type.
        case actor
        /// An object guarding its state with a lock, which other threads take to write it: its type.
        case locked
        /// A pointer or a task: its type, as its contents mean nothing in a state.
        case opaque
        /// A Foundation `Timer`: its type, and it is noted for the session, which fires it on virtual time.
        case timer
        /// A view of a string's or a substring's text: the text it views.
        case text((Any) -> String)
        case function
        case description
    }

    /// The stored properties of `object` as it is shown: in declaration order, closures left out.
    func fields(of object: AnyObject) -> [(name: String, value: Any)] {
        let all = properties(of: object, observable: object is any Observable)
        return leftOut.isEmpty ? all : all.filter { !leftOut.contains($0.name) }
    }

    /// The declared type of each shown stored property of `object`, by name; empty for a class
    /// read through `Mirror` (one whose fields the runtime cannot list).
    func declaredTypes(of object: AnyObject) -> [String: Any.Type] {
        guard let layout = layout(of: object, observable: object is any Observable) else { return [:] }
        return Dictionary(layout.fields.filter { !leftOut.contains($0.name) }.map { ($0.name, $0.type) }) { first, _ in first }
    }

    /// A class's stored properties as shown, through its layout when it has one.
    private func properties(of object: AnyObject, observable: Bool) -> [(name: String, value: Any)] {
        layout(of: object, observable: observable)?.values(of: object)
            ?? Self.properties(of: object, observable: observable, constants: constants(of: object))
    }

    /// The constants shown of `object`: the hosted view model's, none of any other class.
    private func constants(of object: AnyObject) -> Set<String> {
        guard let constants, constants.type == ObjectIdentifier(Swift.type(of: object)) else { return [] }
        return constants.names
    }

    /// The layout of `object`'s class, worked out on first use.
    private func layout(of object: AnyObject, observable: Bool) -> ObjectLayout? {
        let key = ObjectIdentifier(Swift.type(of: object) as AnyObject.Type)
        // A screen's state is one class written again and again: the last one is asked for first.
        if let last = lastLayout, last.key == key { return last.layout }
        let made: ObjectLayout?
        if let known = objectLayouts[key] {
            made = known
        } else {
            made = ObjectLayout.of(object, observable: observable, constants: constants(of: object))
            objectLayouts[key] = made
        }
        lastLayout = (key, made)
        return made
    }

    /// Writes `object`'s shown stored properties as one object, keys sorted, closures left out.
    func writeProperties(of object: AnyObject, observable: Bool, to out: ByteBuffer) throws {
        // The view model itself: a field that points back at it is a cycle, not a copy of it.
        // (Compared apart from `visiting`, whose hashing a state would pay on every write.)
        root = ObjectIdentifier(object)
        defer { root = nil }
        try writeState(to: out) { try writeFields(of: object, observable: observable, to: out, depth: 0) }
    }

    /// Writes one state with `body`. Where an object was met more than ``maximumRepeats`` times,
    /// the state is written again, each object in full only where it is met nearest the top (up to
    /// ``maximumRepeats`` times there), so the view model's own fields are never the marks that
    /// copies deep inside other objects used up. Every object met more than once is then cut by
    /// that rule: one that crossed the bound alone would leave the others written deep inside it
    /// (a conversation met four times, in full inside its messages, and marked at the top).
    private func writeState(to out: ByteBuffer, _ body: () throws -> Void) throws {
        startState()
        let start = out.count
        let timers = metTimers.count
        try body()
        guard markedShared else { return }
        nearest = repeats.mapValues(\.nearest)
        defer { nearest = nil }
        startState()
        out.truncate(to: start)
        metTimers.removeSubrange(timers...)
        try body()
    }

    /// Writes `object`'s shown stored properties, at `depth`.
    private func writeFields(of object: AnyObject, observable: Bool, to out: ByteBuffer, depth: Int) throws {
        // Properties left out by name are the hosted view model's own, at the top.
        let leftOut = depth == 0 ? leftOut : []
        guard let layout = layout(of: object, observable: observable) else {
            let shown = Self.properties(of: object, observable: observable, constants: constants(of: object)).filter {
                !isLeftOut($0.value) && !leftOut.contains($0.name)
            }
            return try writeMembers(shown, to: out, depth: depth, numbering: identifiesObjects ? object : nil)
        }
        out.append(UInt8(ascii: "{"))
        var first = true
        // Past this depth a value is written as its description, which only `write` does.
        let writesDirectly = depth < Self.maximumDepth
        // The separator is written inline in both branches: a local function sharing it would box
        // `first` and check exclusivity on every access (about 1,300 instructions a state).
        try layout.forEachSorted(of: object) { field, reader in
            if !leftOut.isEmpty, leftOut.contains(field.name) { return }
            if writesDirectly, let address = reader.address(of: field), !field.reading.isBoxed {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                out.append(field.key)
                return try writeStored(field.reading, at: address, to: out, depth: depth)
            }
            // Boxed: a reference, or a type only a strategy knows how to write (or leave out).
            let value = reader.value(of: field)
            if isLeftOut(value) { return }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(field.key)
            try write(value, to: out, depth: depth)
        }
        if identifiesObjects { appendNumber(of: object, to: out, after: !first) }
        out.append(UInt8(ascii: "}"))
    }

    /// Whether a value of this type is left out of objects (a closure).
    func isLeftOut(_ value: Any) -> Bool {
        if case .function = strategy(for: value) { return true }
        return false
    }

    /// Writes `fields` as one object, keys sorted.
    func writeObject(_ fields: [(name: String, value: Any)], to out: ByteBuffer) throws {
        try writeState(to: out) { try writeMembers(fields.filter { !isLeftOut($0.value) }, to: out, depth: 0) }
    }

    /// Writes `value` as a whole state or field of its own.
    func writeValue(_ value: Any, to out: ByteBuffer) throws {
        try writeState(to: out) { try write(value, to: out) }
    }

    /// Resets the bounds for a new state.
    private func startState() {
        valuesLeft = Self.maximumValues
        markedShared = false
        if !repeats.isEmpty { repeats.removeAll(keepingCapacity: true) }
    }

    /// Writes `value`, part of the state being written: cut past the depth and size bounds, where
    /// nothing of it is read (its description may recurse without bound as well).
    private func write(_ value: Any, to out: ByteBuffer, depth: Int = 0) throws {
        valuesLeft &-= 1
        if depth > Self.maximumDepth { return JSONWriter.append(string: Messages.cutDeeper(than: Self.maximumDepth), to: out) }
        if valuesLeft < 0 { return JSONWriter.append(string: Messages.cutLarger(than: Self.maximumValues), to: out) }
        switch strategy(for: value) {
        case .null: out.append("null")
        // The plain kinds in the one form they have, from memory or boxed (see ``DirectJSON``).
        case .string: (value as! String).writeJSON(to: out)
        case .bool: (value as! Bool).writeJSON(to: out)
        case .int: (value as! Int).writeJSON(to: out)
        case .integer: out.append(utf8: "\(value)")
        case .double: (value as! Double).writeJSON(to: out)
        case .float: (value as! Float).writeJSON(to: out)
        case .date: (value as! Date).writeJSON(to: out)
        case .url: JSONWriter.append(string: (value as! URL).absoluteString, to: out)
        case .uuid: JSONWriter.append(string: (value as! UUID).uuidString, to: out)
        case .data: JSONWriter.append(string: (value as! Data).base64EncodedString(), to: out)
        case .decimal: (value as! Decimal).writeJSON(to: out)
        case .float80:
            #if !(os(Windows) || os(Android)) && (arch(i386) || arch(x86_64))
                let number = value as! Float80
                if number.isFinite { out.append(utf8: number.description) } else { Double(number).writeJSON(to: out) }
            #else
                out.append("null")  // Never chosen where there is no Float80.
            #endif
        case .optional(let unwrap):
            if let wrapped = unwrap(value) { try write(wrapped, to: out, depth: depth) } else { out.append("null") }
        case .error:
            let error = value as! any Error
            try writeMembers([("description", ErrorMeaning.message(for: error)), ("type", Self.typeName(of: value))], to: out, depth: depth)
        case .encodable:
            let encodable = value as! any Encodable
            try writeEncodable(encodable, to: out)
        case .enumeration:
            try writeEnumCase(value, to: out, depth: depth)
        case .structure(let layout):
            if let layout { return try writeStructure(value, layout: layout, to: out, depth: depth + 1) }
            try writeMembers(Self.labeledChildren(of: value).filter { !isLeftOut($0.value) }, to: out, depth: depth + 1)
        case .tuple:
            try writeTuple(Mirror(reflecting: value), to: out, depth: depth)
        case .collection(let walk):
            try writeArray(value, walk: walk, to: out, depth: depth)
        case .set(let walk):
            try writeSet(value, walk: walk, to: out, depth: depth)
        case .dictionary(let entries):
            try writeDictionary(entries?(value) ?? Self.entries(of: value), to: out, depth: depth)
        case .object(let observable):
            let object = value as AnyObject
            let identity = ObjectIdentifier(object)
            guard identity != root, visiting.insert(identity).inserted else {
                return appendMark("<cycle: \(Self.typeName(of: value))>", for: identity, to: out)
            }
            defer { visiting.remove(identity) }
            var met = repeats[identity] ?? Repeats(times: 0, nearest: depth)
            if let nearest, let least = nearest[identity], depth > least {
                return appendMark(Messages.sharedObjectNearer(Self.typeName(of: value)), for: identity, to: out)
            }
            guard met.times < Self.maximumRepeats else {
                if depth < met.nearest { repeats[identity]?.nearest = depth }
                markedShared = true
                return appendMark(Messages.sharedObject(Self.typeName(of: value), times: met.times), for: identity, to: out)
            }
            met.times += 1
            met.nearest = min(met.nearest, depth)
            repeats[identity] = met
            try writeFields(of: object, observable: observable, to: out, depth: depth + 1)
        case .hashable:
            try write((value as! AnyHashable).base, to: out, depth: depth)
        case .actor:
            JSONWriter.append(string: Messages.actorValue(Self.typeName(of: value)), to: out)
        case .locked:
            JSONWriter.append(string: Messages.lockedValue(Self.typeName(of: value)), to: out)
        case .opaque:
            // A nested type by its full name where its own would say little (`Index`).
            let name = value is String.Index ? "String.Index" : Self.typeName(of: value)
            JSONWriter.append(string: Messages.opaqueValue(name), to: out)
        case .timer:
            metTimers.append(value as! Timer)
            JSONWriter.append(string: Messages.opaqueValue("Timer"), to: out)
        case .text(let text):
            JSONWriter.append(string: text(value), to: out)
        case .function, .description:
            JSONWriter.append(string: String(describing: value), to: out)
        }
    }

    /// A mark standing for an object written in full elsewhere (`text`); while
    /// ``identifiesObjects``, the text followed by the object's number (``IdentifiedState/numberMark``),
    /// so a set holding it still sorts as the printout does.
    private func appendMark(_ text: String, for identity: ObjectIdentifier, to out: ByteBuffer) {
        guard identifiesObjects else { return JSONWriter.append(string: text, to: out) }
        JSONWriter.append(string: text + IdentifiedState.numberMark + String(number(of: identity)), to: out)
    }

    /// The last member of an object written in full while ``identifiesObjects``: its number, after
    /// its own members, so a set holding it still sorts as the printout does.
    private func appendNumber(of object: AnyObject, to out: ByteBuffer, after members: Bool) {
        if members { out.append(UInt8(ascii: ",")) }
        JSONWriter.append(string: IdentifiedState.idKey, to: out)
        out.append(UInt8(ascii: ":"))
        JSONWriter.append(number(of: ObjectIdentifier(object)), to: out)
    }

    /// An object's number in the state being identified, given the first time it is met.
    private func number(of identity: ObjectIdentifier) -> Int {
        if let number = objectNumbers[identity] { return number }
        objectNumbers[identity] = objectNumbers.count
        return objectNumbers.count - 1
    }

    /// Writes the view model's state as ``writeProperties(of:observable:to:)`` does, each object
    /// numbered and each mark naming the number of the object it stands for.
    func writeIdentified(_ body: () throws -> Void) rethrows {
        identifiesObjects = true
        objectNumbers.removeAll()
        defer {
            identifiesObjects = false
            objectNumbers.removeAll()
        }
        try body()
    }

    // MARK: Kinds of value

    private func strategy(for value: Any) -> Strategy {
        let type = Swift.type(of: value)
        let key = ObjectIdentifier(type)
        if let known = strategies[key] { return known }
        let made = Self.makeStrategy(for: value, type: type)
        strategies[key] = made
        return made
    }

    /// The types, by the start of their full name, whose state other threads write under the
    /// runtime's or Combine's own lock: streams, their continuations, subjects.
    private static let lockGuardedTypes = ["Swift.AsyncStream<", "Swift.AsyncThrowingStream<", "Combine.PassthroughSubject<", "Combine.CurrentValueSubject<"]

    /// Whether the type fully named `name` is the token a block observer of `NotificationCenter` is
    /// held by (Foundation's on Linux, `__NSObserver` on Apple platforms).
    private static func isNotificationObserver(_ name: String) -> Bool {
        name.hasSuffix("NotificationCenter._NSNotificationObserverToken") || name == "__NSObserver"
    }

    private static func makeStrategy(for value: Any, type: Any.Type) -> Strategy {
        switch type {
        case is String.Type: return .string
        case is Bool.Type: return .bool
        case is Int.Type: return .int
        case is Double.Type: return .double
        case is Float.Type: return .float
        case is Date.Type: return .date
        case is URL.Type: return .url
        case is UUID.Type: return .uuid
        case is Data.Type: return .data
        case is Decimal.Type: return .decimal
        // An `IndexSet` (what a list's `onDelete` and `onMove` hand over): its indexes, ascending.
        case is IndexSet.Type: return .collection { value, each in for index in value as! IndexSet { try each(index) } }
        case is Void.Type: return .null
        case is AnyHashable.Type: return .hashable
        default: break
        }
        if TypeName.isClosure(type) { return .function }
        // A timer's fields are the run loop's: its type, and the session fires it on virtual time.
        if value is Timer { return .timer }
        // vmrepl's own recorder of outputs, which a view model holds as its delegate: its type.
        if value is any OutputRecording { return .opaque }
        // An actor's stored properties are its own to read: another thread may be writing them.
        if value is any Actor { return .actor }
        // An address or a task's handle differs in every process: its kind, never its bits.
        if value is any _Pointer || type == OpaquePointer.self || TypeName.of(type).hasPrefix("Task<") { return .opaque }
        // A stream and its continuation hold the runtime's buffers, which other threads write under
        // its lock; a Combine subject holds its subscriptions under its own.
        let fullName = String(reflecting: type)
        if lockGuardedTypes.contains(where: fullName.hasPrefix) { return .opaque }
        // The token `NotificationCenter.addObserver(forName:object:queue:using:)` returns: its fields are the center's, and differ by platform.
        if isNotificationObserver(fullName) { return .text { _ in Messages.opaqueValue(Messages.notificationObserver) } }
        // An identity, a key path, a string's index: their bits mean nothing without what they point into.
        if type == ObjectIdentifier.self || value is AnyKeyPath || type == String.Index.self { return .opaque }
        // A dictionary's keys or values, in hash order: sorted, as a set is.
        if let view = type as? any UnorderedView.Type { return .set(view.walkElements) }
        // A view of a string's text (its UTF-8, its scalars, a substring's): the text.
        switch value {
        case is String.UTF8View, is String.UTF16View, is String.UnicodeScalarView: return .description
        case is Substring.UTF8View: return .text { String(Substring($0 as! Substring.UTF8View)) }
        case is Substring.UTF16View: return .text { String(Substring($0 as! Substring.UTF16View)) }
        case is Substring.UnicodeScalarView: return .text { String(Substring($0 as! Substring.UnicodeScalarView)) }
        default: break
        }
        if type == ObjectLayout.Noncopyable.self { return .text { _ in Messages.noncopyableValue } }
        // An `InlineArray` is no sequence, and its storage is not reflected: its elements, from memory.
        if let walk = InlineArrayElements.walk(for: type, named: fullName) { return .collection(walk) }
        #if !(os(Windows) || os(Android)) && (arch(i386) || arch(x86_64))
            if type == Float80.self { return .float80 }
        #endif
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return .optional((type as? any ReflectedOptional.Type)?.unwrap ?? Self.wrapped) }
        if value is any Error { return .error }
        if value is any BinaryInteger { return .integer }
        switch mirror.displayStyle {
        case .set: return .set((type as? any ReflectedElements.Type)?.walkElements)
        case .dictionary: return .dictionary((type as? any ReflectedEntries.Type)?.readEntries)
        default: break
        }
        if type is any Encodable.Type { return .encodable }
        switch mirror.displayStyle {
        case .enum: return .enumeration
        case .struct: return .structure(StoredLayout.of(type))
        case .tuple: return .tuple
        case .collection: return .collection((type as? any ReflectedElements.Type)?.walkElements)
        case .class: return ClassFields.guardsWithALock(type) ? .locked : .object(observable: value is any Observable)
        // A class's custom mirror may say no style: it is still an object of the children it lists.
        case nil where type is AnyObject.Type && value is any CustomReflectable: return .object(observable: false)
        default: return .description
        }
    }

    // MARK: Writing each kind

    private func writeEncodable<Value: Encodable>(_ value: Value, to out: ByteBuffer) throws {
        out.append(try stateEncoder.encode(value, fallback: fallback))
    }

    /// Writes `members` as one object, keys sorted; an object written while ``identifiesObjects``
    /// (`numbering`) ends with its number.
    private func writeMembers(_ members: [(name: String, value: Any)], to out: ByteBuffer, depth: Int, numbering: AnyObject? = nil) throws {
        let sorted = members.count < 2 ? members : members.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        out.append(UInt8(ascii: "{"))
        for (offset, member) in sorted.enumerated() {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            JSONWriter.append(string: member.name, to: out)
            out.append(UInt8(ascii: ":"))
            try write(member.value, to: out, depth: depth)
        }
        if let numbering { appendNumber(of: numbering, to: out, after: !sorted.isEmpty) }
        out.append(UInt8(ascii: "}"))
    }

    /// A struct read through its layout: its fields straight from memory, keys already sorted.
    private func writeStructure(_ value: Any, layout: StoredLayout, to out: ByteBuffer, depth: Int) throws {
        out.append(UInt8(ascii: "{"))
        var first = true
        let writesDirectly = depth < Self.maximumDepth
        try layout.forEachField(of: value) { field, address in
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            out.append(field.key)
            if writesDirectly, !field.reading.isBoxed { return try writeStored(field.reading, at: address, to: out, depth: depth) }
            try write(StoredLayout.load(field.type, at: address), to: out, depth: depth)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// Writes the value stored at `address` as `reading` says, without boxing it: a `.boxed`
    /// reading writes nothing (its callers read such a field as a value).
    private func writeStored(_ reading: StoredReading, at address: UnsafeRawPointer, to out: ByteBuffer, depth: Int) throws {
        switch reading {
        case .direct(let type):
            type.writeJSON(at: address, to: out)
        case .optional(let type):
            guard let wrapped = type.unwrapped(at: address) else { return out.append("null") }
            try write(wrapped, to: out, depth: depth)
        case .boxed:
            break
        }
    }

    /// An array (or any collection) in its own order.
    private func writeArray(_ value: Any, walk: ((Any, (Any) throws -> Void) throws -> Void)?, to out: ByteBuffer, depth: Int) throws {
        guard let walk else {
            return try writeArray(Mirror(reflecting: value).children.map(\.value), to: out, depth: depth)
        }
        out.append(UInt8(ascii: "["))
        var first = true
        try walk(value) { element in
            // A closure is left out here too, as it is from a dictionary.
            if isLeftOut(element) { return }
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            try write(element, to: out, depth: depth + 1)
        }
        out.append(UInt8(ascii: "]"))
    }

    private func writeArray(_ elements: [Any], to out: ByteBuffer, depth: Int) throws {
        out.append(UInt8(ascii: "["))
        var first = true
        for element in elements where !isLeftOut(element) {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            try write(element, to: out, depth: depth + 1)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// `"name"` for a case without payload, `{"name":payload}` otherwise: one unlabeled payload as
    /// itself, labeled payloads as an object, several unlabeled ones as an array.
    private func writeEnumCase(_ value: Any, to out: ByteBuffer, depth: Int) throws {
        let mirror = Mirror(reflecting: value)
        guard let payload = mirror.children.first, let name = payload.label else {
            // The case's own name, even where the enum describes itself otherwise.
            return JSONWriter.append(string: EnumCases.name(of: value) ?? String(describing: value), to: out)
        }
        out.append(UInt8(ascii: "{"))
        JSONWriter.append(string: name, to: out)
        out.append(UInt8(ascii: ":"))
        try write(payload.value, to: out, depth: depth + 1)
        out.append(UInt8(ascii: "}"))
    }

    /// Labeled elements as an object, unlabeled ones (`.0`, `.1`) as an array.
    private func writeTuple(_ mirror: Mirror, to out: ByteBuffer, depth: Int) throws {
        let children = mirror.children.filter { !isLeftOut($0.value) }
        if children.allSatisfy({ $0.label.map { !$0.hasPrefix(".") } ?? false }) {
            return try writeMembers(children.map { ($0.label!, $0.value) }, to: out, depth: depth + 1)
        }
        try writeArray(children.map(\.value), to: out, depth: depth)
    }

    private func writeSet(_ value: Any, walk: ((Any, (Any) throws -> Void) throws -> Void)?, to out: ByteBuffer, depth: Int) throws {
        var sorted = SortedArrayWriter()
        func add(_ element: Any) throws {
            try sorted.add { try write(element, to: $0, depth: depth + 1) }
        }
        if let walk {
            try walk(value, add)
        } else {
            for element in Mirror(reflecting: value).children { try add(element.value) }
        }
        sorted.write(to: out)
    }

    /// String, integer and string-valued keys as an object, keys sorted; any other keys (or keys
    /// two of which would be written alike, `1` and `"1"` in an `AnyHashable` key) as `[key, value]`
    /// pairs sorted by their JSON, so the line is the same in every process whatever the hash order.
    /// A closure stored as a value is left out, as it is from an object.
    private func writeDictionary(_ pairs: [(key: Any, value: Any)], to out: ByteBuffer, depth: Int) throws {
        let pairs = pairs.contains { isLeftOut($0.value) } ? pairs.filter { !isLeftOut($0.value) } : pairs
        var names: [String] = []
        names.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let name = Self.keyText(pair.key) else { break }
            names.append(name)
        }
        if names.count == pairs.count, Set(names).count == names.count {
            return try writeMembers(zip(names, pairs).map { ($0, $1.value) }, to: out, depth: depth + 1)
        }
        var sorted = SortedArrayWriter()
        for pair in pairs {
            try sorted.add { out in
                out.append(UInt8(ascii: "["))
                try write(pair.key, to: out, depth: depth + 2)
                out.append(UInt8(ascii: ","))
                try write(pair.value, to: out, depth: depth + 2)
                out.append(UInt8(ascii: "]"))
            }
        }
        sorted.write(to: out)
    }

    // MARK: Helpers

    /// The object key a dictionary key is written under, if it has one.
    private static func keyText(_ key: Any) -> String? {
        if Swift.type(of: key) == AnyHashable.self, let hashable = key as? AnyHashable { return keyText(hashable.base) }
        switch key {
        case let text as String: return text
        case let number as any BinaryInteger: return "\(number)"
        case let raw as any RawRepresentable:
            if let text = raw.rawValue as? String { return text }
            if let number = raw.rawValue as? any BinaryInteger { return "\(number)" }
            return nil
        default: return nil
        }
    }

    /// A dictionary's entries, through its `Mirror`.
    private static func entries(of value: Any) -> [(key: Any, value: Any)] {
        Mirror(reflecting: value).children.compactMap { entry in
            let parts = Array(Mirror(reflecting: entry.value).children)
            return parts.count == 2 ? (parts[0].value, parts[1].value) : nil
        }
    }

    /// An optional's wrapped value through its `Mirror`; `nil` for `none`.
    private static func wrapped(_ value: Any) -> Any? {
        Mirror(reflecting: value).children.first?.value
    }

    /// Whether `value` is an `Optional`.
    static func isOptional(_ value: Any) -> Bool {
        Mirror(reflecting: value).displayStyle == .optional
    }

    /// A value's type as people write it.
    static func typeName(of value: Any) -> String {
        TypeName.of(Swift.type(of: value))
    }

    /// A struct's labeled stored properties, a wrapped or lazy one under the property's own name.
    private static func labeledChildren(of value: Any) -> [(name: String, value: Any)] {
        Mirror(reflecting: value).children.compactMap { child in
            guard let label = child.label.map(ObjectLayout.plainLabel) else { return nil }
            if let wrapper = PropertyWrapperForm.of(Swift.type(of: child.value), label: label) {
                return (String(label.dropFirst()), wrapper.wrappedValue(of: child.value))
            }
            return (ObjectLayout.shownName(label, inObservableClass: false, isWrapper: false, constants: []) ?? label, child.value)
        }
    }

    /// A class's stored properties, its superclasses' first; an `@Observable` class's tracked ones
    /// and the `constants` named.
    private static func properties(of object: AnyObject, observable: Bool, constants: Set<String>) -> [(name: String, value: Any)] {
        let children = ObjectLayout.Reader.children(of: object)
        // A custom mirror's children are not the stored properties: shown as the class says.
        let kinds = object is any CustomReflectable ? [] : ClassFields.observableFlags(of: Swift.type(of: object))
        let shown: [(name: String, value: Any)] = children.enumerated().compactMap { index, child in
            guard let label = child.label.map(ObjectLayout.plainLabel) else { return nil }
            let inObservableClass = kinds.count == children.count ? kinds[index] : observable
            let wrapper = PropertyWrapperForm.of(Swift.type(of: child.value), label: label, inObservableClass: inObservableClass)
            guard let name = ObjectLayout.shownName(label, inObservableClass: inObservableClass, isWrapper: wrapper != nil, constants: constants)
            else { return nil }
            return (name, wrapper?.wrappedValue(of: child.value) ?? child.value)
        }
        return zip(ObjectLayout.uniqueNames(shown.map(\.name)), shown).map { ($0, $1.value) }
    }
}
