import Foundation

/// One module's symbol graph, indexed for the questions ``ScreenPlan`` asks of it: a class's
/// members (its own, its bases' and what its module's protocol extensions give it), what it conforms
/// to, and what a type named in a declaration really is (an alias resolved, a module's own `Date`
/// told from Foundation's), read from the declaration's fragments rather than from their spelling.
struct GraphIndex {
    let module: String
    /// Every symbol with a path, by its precise identifier.
    let byID: [String: SymbolGraph.Symbol]
    /// Each type's members, by the type's precise identifier.
    let members: [String: [SymbolGraph.Symbol]]
    /// Each protocol's requirements, by the protocol's precise identifier.
    let requirements: [String: [SymbolGraph.Symbol]]
    /// The module's protocols each of the module's protocols refines.
    let refines: [String: [String]]
    /// Each type's conformances, by name (`Observation.Observable`, `App.Stateful`).
    let conformances: [String: Set<String>]
    /// Each class's superclass, where the module declares it.
    let superclass: [String: String]
    /// For a member copied from a protocol's extension (or a typealias a conformance names): the
    /// declaration it copies.
    let origin: [String: String]
    /// The modules of the types the generated file writes that the module does not declare
    /// (`Foundation` for `IndexSet` or `CGFloat`), which the file imports.
    let imported = ModuleList()

    /// Names a module's own type must be written with its module's name (`App.Date`), lest it be
    /// read as the standard library's or Foundation's.
    static let shadowable: Set<String> = [
        "String", "Int", "Double", "Float", "Bool", "Date", "URL", "UUID", "Data", "Decimal", "Array", "Set", "Dictionary", "Optional",
        "Result", "Error", "Locale", "TimeZone", "Calendar", "Measurement", "Color", "Image", "Text", "Task", "Published", "Binding",
    ]

    init(module: String, graph: SymbolGraph) {
        self.module = module
        // A symbol without a path (a malformed graph) names nothing the file could reach: skipped.
        let symbols = graph.symbols.filter { !$0.pathComponents.isEmpty && !$0.pathComponents.contains("") }
        let byID = Dictionary(symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { first, _ in first })
        var members: [String: [SymbolGraph.Symbol]] = [:]
        var conformances: [String: Set<String>] = [:]
        var superclass: [String: String] = [:]
        var origin: [String: String] = [:]
        var requirements: [String: [SymbolGraph.Symbol]] = [:]
        var refines: [String: [String]] = [:]
        for relation in graph.relationships {
            switch relation.kind {
            case "requirementOf", "optionalRequirementOf":
                guard let requirement = byID[relation.source] else { continue }
                requirements[relation.target, default: []].append(requirement)
            case "memberOf":
                guard let member = byID[relation.source] else { continue }
                members[relation.target, default: []].append(member)
                if let source = relation.sourceOrigin { origin[relation.source] = source.identifier }
            case "conformsTo" where byID[relation.source]?.kind.identifier == "swift.protocol" && byID[relation.target]?.kind.identifier == "swift.protocol":
                // A protocol of the module refining another of the module: a recorder gives both's requirements.
                refines[relation.source, default: []].append(relation.target)
                let name = byID[relation.target].map { "\(module)." + $0.pathComponents.joined(separator: ".") } ?? relation.target
                conformances[relation.source, default: []].insert(name)
            case "conformsTo":
                // A protocol of the module itself has no fallback name: its own path is its name.
                let name = byID[relation.target].map { "\(module)." + $0.pathComponents.joined(separator: ".") } ?? relation.targetFallback ?? relation.target
                conformances[relation.source, default: []].insert(name)
            case "inheritsFrom":
                if byID[relation.source]?.kind.identifier == "swift.class" { superclass[relation.source] = relation.target }
            default: break
            }
        }
        self.byID = byID
        self.members = members
        self.requirements = requirements
        self.conformances = conformances
        self.superclass = superclass
        self.origin = origin
        self.refines = refines
    }

    /// The requirements of the module's protocol `id` and of the module's protocols it refines,
    /// each once (a cycle in a malformed graph ends the walk).
    func allRequirements(of id: String) -> [SymbolGraph.Symbol] {
        var seen: Set<String> = []
        var pending = [id]
        var found: [SymbolGraph.Symbol] = []
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            found += requirements[next] ?? []
            pending += refines[next] ?? []
        }
        return found
    }

    /// One case of a module's enum, for an argument of that enum's type: its name and each
    /// payload's label (`nil` for none) and type as the generated file writes it.
    struct EnumCase {
        let name: String
        let payloads: [(label: String?, type: String)]
    }

    /// The cases of the module's enum that `fragments` name alone (`Action`, not `Action?`), where
    /// one carries a payload: the generated file lists them, so an enum that is not `Decodable` can
    /// be sent. A case whose payload is a closure is left out; `nil` for any other type.
    func enumCases(_ fragments: [SymbolGraph.Fragment], owner: String, substitutions: [String: String]) -> [EnumCase]? {
        let named = fragments.filter { $0.kind == "typeIdentifier" }
        guard named.count == 1, fragments.allSatisfy({ $0.kind == "typeIdentifier" || $0.spelling.allSatisfy(\.isWhitespace) }),
            let id = named[0].preciseIdentifier, byID[id]?.kind.identifier == "swift.enum"
        else { return nil }
        var cases: [EnumCase] = []
        var anyPayload = false
        for member in (members[id] ?? []) where member.kind.identifier == "swift.enum.case" {
            let fragments = member.declarationFragments ?? []
            guard let nameIndex = fragments.firstIndex(where: { $0.kind == "identifier" }) else { continue }
            let title = member.pathComponents.last ?? ""
            let labels = title.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
            let pieces = Self.payloadPieces(fragments[(nameIndex + 1)...])
            // `EnumCaseForm.case` takes up to three payloads.
            guard pieces.count == labels.count, labels.count <= 3 else { continue }
            var payloads: [(label: String?, type: String)] = []
            for (label, piece) in zip(labels, pieces) {
                var typeFragments = piece
                if label != "_", let colon = piece.firstIndex(where: { $0.kind == "text" && $0.spelling.trimmingCharacters(in: .whitespaces).hasPrefix(":") }) {
                    typeFragments = Array(piece[(colon + 1)...])
                    let rest = String(piece[colon].spelling.drop { $0 != ":" }.dropFirst())
                    if !rest.isEmpty { typeFragments.insert(SymbolGraph.Fragment(kind: "text", spelling: rest), at: 0) }
                }
                guard let type = typeText(typeFragments, owner: owner, substitutions: substitutions), !type.isEmpty, !type.contains("->") else {
                    payloads = []
                    break
                }
                payloads.append((label == "_" ? nil : label, type))
            }
            guard payloads.count == labels.count else { continue }
            anyPayload = anyPayload || !payloads.isEmpty
            let name = fragments[nameIndex].spelling.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            cases.append(EnumCase(name: name, payloads: payloads))
        }
        // Cases of one name (`select(id:)`, `select(name:)`) would share an event's name: left out, all of them.
        let counts = Dictionary(cases.map { ($0.name, 1) }, uniquingKeysWith: +)
        cases = cases.filter { counts[$0.name] == 1 }
        return anyPayload && !cases.isEmpty ? cases : nil
    }

    /// A case's payloads, each as its fragments (label included), from the fragments after its name.
    private static func payloadPieces(_ fragments: ArraySlice<SymbolGraph.Fragment>) -> [[SymbolGraph.Fragment]] {
        var pieces: [[SymbolGraph.Fragment]] = []
        var current: [SymbolGraph.Fragment] = []
        var depth = 0
        for fragment in fragments {
            guard fragment.kind == "text" else {
                if depth >= 1 { current.append(fragment) }
                continue
            }
            var text = ""
            func flush() {
                if !text.isEmpty { current.append(SymbolGraph.Fragment(kind: "text", spelling: text)) }
                text = ""
            }
            var previous: Character = " "
            for character in fragment.spelling {
                defer { previous = character }
                switch character {
                case ">" where previous == "-":
                    text.append(character)
                case "(", "[", "<":
                    if depth >= 1 { text.append(character) }
                    depth += 1
                case ")", "]", ">":
                    depth -= 1
                    if depth >= 1 {
                        text.append(character)
                    } else if depth == 0 {
                        flush()
                        pieces.append(current)
                        current = []
                    }
                case "," where depth == 1:
                    flush()
                    pieces.append(current)
                    current = []
                default:
                    if depth >= 1 { text.append(character) }
                }
            }
            flush()
        }
        return pieces
    }

    /// Notes the modules of the types `fragments` name that the module does not declare.
    func noteModules(of fragments: some Collection<SymbolGraph.Fragment>) {
        for fragment in fragments where fragment.kind == "typeIdentifier" {
            guard let id = fragment.preciseIdentifier, byID[id] == nil, let module = Self.module(ofUSR: id), module != self.module else { continue }
            imported.modules.insert(module)
        }
    }

    /// The module a Swift symbol's precise identifier names (`s:10Foundation8IndexSetV` →
    /// `Foundation`); `nil` for the standard library's own (`s:Si`), a C declaration, or a module
    /// whose name starts with `_` (`_Concurrency`, imported with the standard library).
    static func module(ofUSR id: String) -> String? {
        guard id.hasPrefix("s:") else { return nil }
        let rest = id.dropFirst(2)
        let digits = rest.prefix { $0.isASCII && $0.isNumber }
        guard let length = Int(digits), length > 0 else { return nil }
        let name = rest.dropFirst(digits.count).prefix(length)
        guard name.count == length, !name.hasPrefix("_"), name != "Swift", name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        return String(name)
    }

    /// The classes `id` inherits from that the module declares, nearest first (cycles in a
    /// malformed graph end the walk).
    func bases(of id: String) -> [SymbolGraph.Symbol] {
        var chain: [SymbolGraph.Symbol] = []
        var seen: Set<String> = [id]
        var next = superclass[id]
        while let current = next, !seen.contains(current), let symbol = byID[current] {
            chain.append(symbol)
            seen.insert(current)
            next = superclass[current]
        }
        return chain
    }

    /// What `id` conforms to, its bases' conformances included.
    func allConformances(of id: String) -> Set<String> {
        bases(of: id).reduce(into: conformances[id, default: []]) { $0.formUnion(conformances[$1.identifier.precise, default: []]) }
    }

    /// How the generated file names a module's own type: its path, after the module's name where
    /// the path alone would be read as a standard type (`App.Date`).
    func spelling(of symbol: SymbolGraph.Symbol) -> String {
        let path = symbol.pathComponents.map(GeneratedFile.typeComponent).joined(separator: ".")
        return Self.shadowable.contains(symbol.pathComponents[0]) ? "\(module).\(path)" : path
    }

    /// A type, as the generated file writes it, from the fragments of a declaration that name it:
    /// a module's own alias replaced by what it stands for, an associated type by the alias the
    /// class gives it, a base's generic parameter by its argument (`substitutions`).
    /// - Returns: `nil` where a generic parameter has no argument to stand for it.
    func typeText(
        _ fragments: some Collection<SymbolGraph.Fragment>, owner: String, substitutions: [String: String], depth: Int = 0
    ) -> String? {
        noteModules(of: fragments)
        var text = ""
        var afterDot = false
        for fragment in fragments {
            defer { afterDot = fragment.kind == "text" && fragment.spelling.hasSuffix(".") }
            guard fragment.kind == "typeIdentifier" || fragment.kind == "genericParameter", !afterDot else {
                text += fragment.spelling
                continue
            }
            if let argument = substitutions[fragment.spelling], fragment.preciseIdentifier.map({ byID[$0] == nil }) ?? true {
                text += argument
                continue
            }
            guard let id = fragment.preciseIdentifier, let symbol = byID[id] else {
                // A generic parameter of the class that owns the member, unsubstituted: no type to write.
                if fragment.preciseIdentifier?.hasSuffix("mfp") == true || fragment.kind == "genericParameter" { return nil }
                text += fragment.spelling
                continue
            }
            switch symbol.kind.identifier {
            case "swift.typealias" where depth < 8:
                guard let target = aliased(symbol), let resolved = typeText(target, owner: owner, substitutions: [:], depth: depth + 1) else { return nil }
                text += resolved
            case "swift.associatedtype" where depth < 8:
                // The alias the class (or a base) names for it: `typealias Action = Int`.
                let owners = [owner] + bases(of: owner).map(\.identifier.precise)
                let alias = owners.lazy.compactMap { owner in
                    self.members[owner]?.first { $0.kind.identifier == "swift.typealias" && self.origin[$0.identifier.precise] == id }
                }.first
                guard let alias, let target = aliased(alias), let resolved = typeText(target, owner: owner, substitutions: [:], depth: depth + 1) else {
                    return nil
                }
                text += resolved
            default:
                text += spelling(of: symbol)
            }
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Whether the type `fragments` spell is data a view shows: values all through (structs,
    /// enums, tuples, arrays, dictionaries, optionals, and what each holds), never a reference, an
    /// existential or a closure anywhere in it, nor a struct of the module's that holds no data (a
    /// service, `struct Payments {}`, or a client of closures) or an enum whose cases carry other
    /// than data. Every type it names is read: from the module's own symbols (aliases followed),
    /// else from the kind letter that ends a symbol's identifier (`V`, `O`) or the standard
    /// library's short forms (`s:SS` for `String`); a qualifier (`Swift.`, `Outer.`) is not a type
    /// of its own.
    func isData(_ fragments: some Collection<SymbolGraph.Fragment>, depth: Int = 0, seen: Set<String> = []) -> Bool {
        guard depth < 16 else { return false }
        // A closure, an existential (`any Client`, `(any Client)?`) anywhere in it: never data.
        if fragments.contains(where: { $0.spelling.contains("->") || ($0.kind == "keyword" && ["any", "some"].contains($0.spelling)) }) { return false }
        let all = Array(fragments)
        let named = all.indices.filter { index in
            all[index].kind == "typeIdentifier" && !(index + 1 < all.count && all[index + 1].kind == "text" && all[index + 1].spelling.hasPrefix("."))
        }
        guard !named.isEmpty else { return false }
        return named.allSatisfy { isDataType(all[$0], depth: depth, seen: seen) }
    }

    /// Whether the one type `fragment` names is data (see ``isData(_:depth:seen:)``); a type met
    /// again inside itself (`indirect enum Tree`) is as data as the rest of it.
    private func isDataType(_ fragment: SymbolGraph.Fragment, depth: Int, seen: Set<String>) -> Bool {
        guard let id = fragment.preciseIdentifier else { return false }
        guard let symbol = byID[id] else { return id.hasSuffix("V") || id.hasSuffix("O") || Self.standardValues.contains(id) }
        if seen.contains(id) { return true }
        let seen = seen.union([id])
        let members = self.members[id] ?? []
        switch symbol.kind.identifier {
        case "swift.enum":
            // Each case's payload, where it has one, is data.
            return members.filter { $0.kind.identifier == "swift.enum.case" }.allSatisfy { member in
                let payload = (member.declarationFragments ?? []).filter { $0.kind == "typeIdentifier" }
                return payload.isEmpty || isData(member.declarationFragments ?? [], depth: depth + 1, seen: seen)
            }
        case "swift.struct":
            // Some instance property of it is data (stored or not: a stored `var` with an observer
            // is written `{ get set }` as a computed one is).
            return members.contains { member in
                member.kind.identifier == "swift.property"
                    && isData(ScreenPlan.propertyTypeFragments(member), depth: depth + 1, seen: seen)
            }
        case "swift.typealias": return aliased(symbol).map { isData($0, depth: depth + 1, seen: seen) } ?? false
        default: return false
        }
    }

    /// The standard library's value types by their short identifiers: `Array`, `Bool`, `Dictionary`,
    /// `Double`, `Float`, `Set`, `Int`, `Character`, `Optional`, `String`, `Substring`, `UInt`,
    /// `ClosedRange`, `Range`.
    private static let standardValues: Set<String> = [
        "s:Sa", "s:Sb", "s:SD", "s:Sd", "s:Sf", "s:Sh", "s:Si", "s:SJ", "s:Sq", "s:SS", "s:Ss", "s:Su", "s:SN", "s:Sn",
    ]

    /// What a `typealias` declaration's fragments say after its ` = `.
    private func aliased(_ alias: SymbolGraph.Symbol) -> ArraySlice<SymbolGraph.Fragment>? {
        let fragments = alias.declarationFragments ?? []
        guard let equals = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains("=") }) else { return nil }
        var rest = fragments[fragments.index(after: equals)...]
        let after = fragments[equals].spelling.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
        if !after.trimmingCharacters(in: .whitespaces).isEmpty {
            rest = ArraySlice([SymbolGraph.Fragment(kind: "text", spelling: String(after))] + rest)
        }
        return rest
    }
}

/// The modules a generated file imports, noted while its types are written.
final class ModuleList {
    var modules: Set<String> = []
}
