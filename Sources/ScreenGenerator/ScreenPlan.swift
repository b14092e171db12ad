import Foundation

/// What the generated file registers, read from one module's symbol graph: a screen per view
/// model (a `@MainActor` class that is `@Observable`, an `ObservableObject` or a `ViewModel`),
/// its methods as actions, its settable properties as bindings, and how each is made.
struct ScreenPlan {
    /// One view model's screen.
    struct Screen {
        /// What `use` calls it: the class name without `ViewModel`, in kebab case.
        let name: String
        /// The class as the generated file names it (`Outer.Inner` for a nested one).
        let typeName: String
        /// What it is, for `screens`: `@Observable class SearchViewModel`.
        let summary: String
        let actions: [Action]
        let bindings: [Binding]
        /// Whether `init()` makes it; else the team's `GeneratedScreens.make(_:context:)` does.
        let hasPlainInit: Bool
        /// Members left out, each with why, written as comments.
        let leftOut: [String]
        /// Why the screen is named other than its class, written as a comment.
        var note: String? = nil
    }

    /// One method, sent with `event NAME`.
    struct Action {
        let name: String
        /// Each argument's name in `event` (its label, or its parameter name where it has none),
        /// the label the call uses (`nil` for none) and its type.
        let arguments: [(name: String, label: String?, type: String)]
        let isAsync: Bool
        let isThrowing: Bool
        let returnsValue: Bool
        /// Whether `load` (and `reload`, `retry`) run it: of the methods without arguments,
        /// `load`, else `refresh`, else the first `fetch…` by name; at most one per screen.
        var drivesLoading = false
    }

    /// One property a view binds, set with `write NAME=VALUE`.
    struct Binding {
        let name: String
        let type: String
    }

    let module: String
    let screens: [Screen]
    /// Whether a member used is internal (the generated file then needs `@testable import`).
    let usesInternal: Bool
    /// Classes that look like view models but are not hosted, with why.
    let skipped: [String]

    /// The methods `@Observable` adds, which no view calls.
    static let observationMethods: Set<String> = ["access", "withMutation", "shouldNotifyObservers"]
    /// The most arguments an action takes (`ScreenAction.action` has forms up to three).
    static let maximumArguments = 3

    init(module: String, graph: SymbolGraph) {
        self.module = module
        var members: [String: [SymbolGraph.Symbol]] = [:]
        var conformances: [String: Set<String>] = [:]
        // A symbol without a path (a malformed graph) names nothing the file could reach: skipped.
        let symbols = graph.symbols.filter { !$0.pathComponents.isEmpty && !$0.pathComponents.contains("") }
        let byID: [String: SymbolGraph.Symbol] = Dictionary(symbols.map { ($0.identifier.precise, $0) }, uniquingKeysWith: { first, _ in first })
        for relation in graph.relationships {
            switch relation.kind {
            case "memberOf": if let member = byID[relation.source] { members[relation.target, default: []].append(member) }
            case "conformsTo":
                // A protocol of the module itself has no fallback name: its own path is its name.
                let name = byID[relation.target].map { "\(module)." + $0.pathComponents.joined(separator: ".") } ?? relation.targetFallback ?? relation.target
                conformances[relation.source, default: []].insert(name)
            default: break
            }
        }
        let decodable = Set(conformances.filter { $0.value.contains("Swift.Decodable") }.keys.compactMap { byID[$0]?.pathComponents.joined(separator: ".") })
        var screens: [Screen] = []
        var skipped: [String] = []
        var usesInternal = false
        let classes = symbols.filter { $0.kind.identifier == "swift.class" && Self.isVisible($0) }
            .sorted { $0.pathComponents.joined(separator: ".") < $1.pathComponents.joined(separator: ".") }
        for type in classes {
            let typeName = type.pathComponents.joined(separator: ".")
            let kinds = conformances[type.identifier.precise, default: []]
            let kind: String? =
                if kinds.contains("Observation.Observable") { "@Observable class" } else if kinds.contains(where: { $0.hasSuffix("ObservableObject") }) {
                    "ObservableObject"
                } else if kinds.contains(where: { $0.hasSuffix("ViewModelKit.ViewModel") || $0 == "ViewModelKit.ViewModel" }) { "ViewModel" } else { nil }
            guard let kind, type.declaration.contains("MainActor"), !type.pathComponents.isEmpty else { continue }
            guard type.swiftGenerics?.parameters?.isEmpty ?? true else {
                skipped.append("\(typeName): generic, so no one type to make")
                continue
            }
            if type.accessLevel == "internal" { usesInternal = true }
            var leftOut: [String] = []
            var actions: [Action] = []
            var bindings: [Binding] = []
            var hasPlainInit = false
            let own = (members[type.identifier.precise] ?? []).sorted { $0.pathComponents.last ?? "" < $1.pathComponents.last ?? "" }
            for member in own where Self.isVisible(member) {
                guard let title = member.pathComponents.last else { continue }
                switch member.kind.identifier {
                case "swift.init":
                    if Self.isPlainInit(member) { hasPlainInit = true }
                case "swift.method":
                    let base = String(title.prefix { $0 != "(" })
                    if Self.observationMethods.contains(base) { continue }
                    switch Self.action(member, named: base, decodable: decodable) {
                    case .success(let action):
                        actions.append(action)
                        if member.accessLevel == "internal" { usesInternal = true }
                    case .failure(let reason): leftOut.append("\(title): \(reason.text)")
                    }
                case "swift.property":
                    let declaration = member.declaration
                    // `{ get set }` (a computed or an @Observable property), or a stored `var` (written
                    // without accessors); a `private(set)` one is left out by the compiler (see the file's `binding`).
                    let isStoredVar = !declaration.contains("{") && declaration.range(of: #"(^|[ @])var "#, options: .regularExpression) != nil
                    guard declaration.hasSuffix("{ get set }") || isStoredVar, !declaration.contains(" static ") else { continue }
                    guard let type = Self.propertyType(declaration) else { continue }
                    guard Self.isDecodable(type, decodable) else {
                        leftOut.append("\(title): its type \(type) is not Decodable, so write cannot set it")
                        continue
                    }
                    bindings.append(Binding(name: title, type: type))
                    if member.accessLevel == "internal" { usesInternal = true }
                default:
                    continue
                }
            }
            // Overloads would share one event name: left out, all of them.
            let counts = Dictionary(actions.map { ($0.name, 1) }, uniquingKeysWith: +)
            for (name, count) in counts where count > 1 {
                leftOut.append("\(name): \(count) overloads would share the event name \(name)")
            }
            actions = actions.filter { counts[$0.name] == 1 }
            Self.chooseLoad(&actions)
            screens.append(
                Screen(
                    name: Self.screenName(type.pathComponents), typeName: typeName, summary: "\(kind) \(typeName)",
                    actions: actions, bindings: bindings, hasPlainInit: hasPlainInit, leftOut: leftOut.sorted()))
        }
        // Two classes of one name in different scopes: the nested one is named with its scope.
        let names = Dictionary(screens.map { ($0.name, 1) }, uniquingKeysWith: +)
        let scoped = screens.map { screen in
            guard names[screen.name, default: 0] > 1, screen.typeName.contains(".") else { return screen }
            let scoped = Self.kebab(screen.typeName.split(separator: ".").dropLast().joined()) + "-" + screen.name
            return Screen(
                name: scoped, typeName: screen.typeName, summary: screen.summary, actions: screen.actions,
                bindings: screen.bindings, hasPlainInit: screen.hasPlainInit, leftOut: screen.leftOut)
        }
        self.screens = Self.uniquelyNamed(scoped)
        self.skipped = skipped
        self.usesInternal = usesInternal
    }

    /// Why a method is no action.
    struct Refusal: Error {
        let text: String
    }

    /// Whether `init()` makes the class: no parameters but defaulted ones, not failable, neither
    /// async nor throwing.
    static func isPlainInit(_ symbol: SymbolGraph.Symbol) -> Bool {
        guard (symbol.functionSignature?.parameters ?? []).isEmpty || everyParameterIsDefaulted(symbol.declarationFragments ?? []) else { return false }
        if symbol.hasKeyword("async") || symbol.hasKeyword("throws") || symbol.hasKeyword("rethrows") { return false }
        let fragments = symbol.declarationFragments ?? []
        if let index = fragments.firstIndex(where: { $0.kind == "keyword" && $0.spelling == "init" }), index + 1 < fragments.count {
            let next = fragments[index + 1].spelling
            if next.hasPrefix("?") || next.hasPrefix("!") { return false }
        }
        if let title = symbol.pathComponents.last, title.hasPrefix("init?") || title.hasPrefix("init!") { return false }
        return true
    }

    /// Whether every parameter of an initializer has a default value (`init(loader: Loader = Loader())`):
    /// in its declaration, each parameter runs from its label to the next one's, and a default
    /// stands in that run's text as ` = ` (a type's text never holds one).
    static func everyParameterIsDefaulted(_ fragments: [SymbolGraph.Fragment]) -> Bool {
        var defaulted: [Bool] = []
        for fragment in fragments {
            if fragment.kind == "externalParam" {
                defaulted.append(false)
            } else if !defaulted.isEmpty, fragment.kind == "text", fragment.spelling.contains(" = ") {
                defaulted[defaulted.count - 1] = true
            }
        }
        return !defaulted.isEmpty && !defaulted.contains(false)
    }

    /// At most one action drives loading: `load`, else `refresh`, else the first `fetch…` by name.
    static func chooseLoad(_ actions: inout [Action]) {
        for index in actions.indices { actions[index].drivesLoading = false }
        let candidates = actions.indices.filter { actions[$0].arguments.isEmpty }
        let chosen =
            candidates.first { actions[$0].name == "load" }
            ?? candidates.first { actions[$0].name == "refresh" }
            ?? candidates.filter { actions[$0].name.hasPrefix("fetch") }.min { actions[$0].name < actions[$1].name }
        if let chosen { actions[chosen].drivesLoading = true }
    }

    /// Every screen named once, the same way for the same classes: where two share a name, a class
    /// named `…ViewModel` takes its full kebab name (`SettingsViewModel` → `settings-view-model`, so
    /// `Settings` stays `settings`); any still shared gets `-2`, `-3`… in the order of the class names.
    static func uniquelyNamed(_ screens: [Screen]) -> [Screen] {
        let counts = Dictionary(screens.map { ($0.name, 1) }, uniquingKeysWith: +)
        var renamed = screens.map { screen -> Screen in
            guard counts[screen.name, default: 0] > 1, screen.typeName.hasSuffix("ViewModel") else { return screen }
            let name = kebab(screen.typeName.split(separator: ".").joined())
            let others = screens.filter { $0.name == screen.name && $0.typeName != screen.typeName }.map(\.typeName)
            return Screen(
                name: name, typeName: screen.typeName, summary: screen.summary, actions: screen.actions, bindings: screen.bindings,
                hasPlainInit: screen.hasPlainInit, leftOut: screen.leftOut,
                note: "named \(name), not \(screen.name), which \(others.joined(separator: " and ")) is also named")
        }
        var taken: Set<String> = []
        for index in renamed.indices {
            let wanted = renamed[index].name
            var name = wanted
            var number = 2
            while taken.contains(name) || (name != wanted && renamed.contains { $0.name == name }) {
                name = "\(wanted)-\(number)"
                number += 1
            }
            if name != wanted {
                let screen = renamed[index]
                renamed[index] = Screen(
                    name: name, typeName: screen.typeName, summary: screen.summary, actions: screen.actions,
                    bindings: screen.bindings, hasPlainInit: screen.hasPlainInit, leftOut: screen.leftOut,
                    note: "named \(name), not \(wanted), which another class also gives")
            }
            taken.insert(name)
        }
        return renamed
    }

    private static func action(_ method: SymbolGraph.Symbol, named base: String, decodable: Set<String>) -> Result<Action, Refusal> {
        let declaration = method.declaration
        if declaration.contains(" static ") || declaration.hasPrefix("static ") || method.kind.identifier != "swift.method" {
            return .failure(Refusal(text: "a type method"))
        }
        if !(method.swiftGenerics?.parameters?.isEmpty ?? true) { return .failure(Refusal(text: "generic")) }
        guard let title = method.pathComponents.last else { return .failure(Refusal(text: "it has no name")) }
        let labels = title.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        let parameters = method.functionSignature?.parameters ?? []
        guard labels.count == parameters.count else { return .failure(Refusal(text: "its parameters could not be read")) }
        guard parameters.count <= maximumArguments else { return .failure(Refusal(text: "more than \(maximumArguments) arguments")) }
        var arguments: [(name: String, label: String?, type: String)] = []
        var internalNames: [String] = []
        for (offset, (label, parameter)) in zip(labels, parameters).enumerated() {
            let type = parameter.type
            let own = parameter.internalName ?? parameter.name
            if parameter.isInout { return .failure(Refusal(text: "an inout parameter (\(own)), which an event cannot pass")) }
            if type.contains("->") { return .failure(Refusal(text: "takes a closure (\(own))")) }
            guard isDecodable(type, decodable) else { return .failure(Refusal(text: "\(own): \(type) is not Decodable")) }
            // The event's name for it: its label, else its own name, else (`_ _: Int`) `argument1`….
            let synthetic = "argument\(offset + 1)"
            let name = label != "_" && !label.isEmpty ? label : (own != "_" && !own.isEmpty ? own : synthetic)
            arguments.append((name, label == "_" || label.isEmpty ? nil : label, type))
            internalNames.append(own != "_" && !own.isEmpty ? own : synthetic)
        }
        // Two arguments of one label (`f(x a: Int, x b: Int)`): named by their own names instead.
        if Set(arguments.map(\.name)).count < arguments.count {
            guard Set(internalNames).count == internalNames.count else {
                return .failure(Refusal(text: "two arguments share the name \(arguments.map(\.name).joined(separator: ", "))"))
            }
            arguments = zip(arguments, internalNames).map { ($1, $0.label, $0.type) }
        }
        let returns = (method.functionSignature?.returns ?? []).map(\.spelling).joined()
        return .success(
            Action(
                name: base, arguments: arguments, isAsync: method.hasKeyword("async"),
                isThrowing: method.hasKeyword("throws") || method.hasKeyword("rethrows"),
                returnsValue: !(returns.isEmpty || returns == "()" || returns == "Void")))
    }

    /// A member the generated file may name: not private, not fileprivate.
    private static func isVisible(_ symbol: SymbolGraph.Symbol) -> Bool {
        !["private", "fileprivate"].contains(symbol.accessLevel) && !symbol.pathComponents.contains { $0.hasPrefix("_") }
    }

    /// The type in `var name: Type { get set }` or `var name: Type`.
    private static func propertyType(_ declaration: String) -> String? {
        guard let colon = declaration.range(of: ": ") else { return nil }
        let end = declaration.range(of: " {", options: .backwards)?.lowerBound ?? declaration.endIndex
        return String(declaration[colon.upperBound..<end]).trimmingCharacters(in: .whitespaces)
    }

    /// The value types `Decodable` has forms for, by name.
    private static let decodableScalars: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "Bool", "Date", "URL", "UUID", "Data", "Decimal",
    ]

    /// Whether `type` (as written) is `Decodable`: a known scalar, the module's own `Decodable`
    /// type, or an optional, array, set or dictionary of such.
    static func isDecodable(_ type: String, _ own: Set<String>) -> Bool {
        let type = type.trimmingCharacters(in: .whitespaces)
        if type.hasSuffix("?") { return isDecodable(String(type.dropLast()), own) }
        if type.hasPrefix("["), type.hasSuffix("]") {
            let inner = String(type.dropFirst().dropLast())
            if let colon = topLevelColon(inner) {
                return isDecodable(String(inner[..<colon]), own) && isDecodable(String(inner[inner.index(after: colon)...]), own)
            }
            return isDecodable(inner, own)
        }
        for wrapper in ["Optional<", "Array<", "Set<"] where type.hasPrefix(wrapper) && type.hasSuffix(">") {
            return isDecodable(String(type.dropFirst(wrapper.count).dropLast()), own)
        }
        return decodableScalars.contains(type) || own.contains(type)
    }

    private static func topLevelColon(_ text: String) -> String.Index? {
        var depth = 0
        for index in text.indices {
            switch text[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0: return index
            default: break
            }
        }
        return nil
    }

    /// `ConversationsListViewModel` → `conversations-list`, `SettingsStore` → `settings-store`; a
    /// class named `ViewModel` alone, nested in its view as SwiftUI code often nests it, after that
    /// view without `View` (`ViewStateExampleView.ViewModel` → `view-state-example`).
    static func screenName(_ path: [String]) -> String {
        guard var base = path.last else { return "" }
        if base == "ViewModel", path.count > 1 {
            base = path[path.count - 2]
            if base.hasSuffix("View"), base != "View" { base.removeLast("View".count) }
        } else if base.hasSuffix("ViewModel"), base != "ViewModel" {
            base.removeLast("ViewModel".count)
        }
        return kebab(base)
    }

    static func kebab(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) { out.append("-") }
            }
            out.append(contentsOf: character.lowercased())
        }
        return out
    }
}
