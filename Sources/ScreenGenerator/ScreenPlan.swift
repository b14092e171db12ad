import Foundation

/// What the generated file registers, read from one module's symbol graph: a screen per view
/// model (a `@MainActor` class that is `@Observable`, an `ObservableObject` or a `ViewModel`),
/// its methods as actions, its settable properties as bindings, and how each is made.
struct ScreenPlan {
    /// One view model's screen.
    struct Screen {
        /// What `use` calls it: the class name without `ViewModel`, in kebab case.
        var name: String
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
        /// The `#if` condition the class is declared under, which its registration repeats.
        var condition: String? = nil
        /// Its properties that keep subscriptions (`Set<AnyCancellable>`) and its wrapped ones marked
        /// `@ObservationIgnored`, which its state leaves out.
        var subscriptions: [String] = []
        /// What it tells the app to do: its closure properties, weak delegates and streams.
        var outputs: [OutputPlan] = []
        /// The constants of value types an `@Observable` class holds (`let country`), which its
        /// state shows beside the tracked properties.
        var constants: [String] = []
        /// Where no `init()` makes it: the call a factory would make, its arguments as placeholders
        /// (`ProfileViewModel(userID: <#Int#>)`), from the first init the class declares.
        var factoryCall: String? = nil
        /// Where an init's parameters are defaulted but for callbacks that return nothing: the call
        /// the generated factory makes, each callback an output (`X(onSave: context.output("onSave"))`).
        var recordingCall: String? = nil
        /// The callbacks an init takes that no recording closure can stand for, each with why.
        var unrecorded: [String] = []
    }

    /// One method, sent with `event NAME`.
    struct Action {
        let name: String
        /// Each argument's name in `event` (its label, or its parameter name where it has none),
        /// the label the call uses (`nil` for none), its type, and whether it has a default value
        /// (then optional in `event`, and the call leaves it out when it is not given).
        let arguments: [(name: String, label: String?, type: String, defaulted: Bool)]
        let isAsync: Bool
        let isThrowing: Bool
        /// For an argument whose type is one of the module's enums with payloads, its cases, by the
        /// argument's name: the file lists them, so the enum can be sent whether or not it is `Decodable`.
        var enumCases: [String: [GraphIndex.EnumCase]] = [:]
        /// Whether `load` (and `reload`, `retry`) run it: of the methods without arguments,
        /// `load`, else `refresh`, else the first `fetch…` by name; at most one per screen.
        var drivesLoading = false
        /// The `#if` condition the method is declared under (`DEBUG`), which its action repeats.
        var condition: String? = nil
    }

    /// One property a view binds, set with `write NAME=VALUE`.
    struct Binding {
        let name: String
        let type: String
        /// The `#if` condition the property is declared under, which its binding repeats.
        var condition: String? = nil
    }

    let module: String
    let screens: [Screen]
    /// Whether a member used is internal (the generated file then needs `@testable import`).
    let usesInternal: Bool
    /// The other modules the types it writes come from, which the file imports.
    let imports: [String]
    /// Classes that look like view models but are not hosted, with why.
    let skipped: [String]

    /// The methods `@Observable` adds, which no view calls.
    static let observationMethods: Set<String> = ["access", "withMutation", "shouldNotifyObservers"]
    /// The most arguments an action takes (`ScreenAction.action` has forms up to three).
    static let maximumArguments = 3

    init(module: String, graph: SymbolGraph) {
        self.module = module
        let index = GraphIndex(module: module, graph: graph)
        var screens: [Screen] = []
        var skipped: [String] = []
        var usesInternal = false
        var sources = SourceFiles()
        let classes = index.byID.values.filter { $0.kind.identifier == "swift.class" }
            .sorted { $0.pathComponents.joined(separator: ".") < $1.pathComponents.joined(separator: ".") }
        for type in classes {
            let id = type.identifier.precise
            let typeName = type.pathComponents.map(GeneratedFile.typeComponent).joined(separator: ".")
            let shownName = type.pathComponents.joined(separator: ".")
            let kinds = index.allConformances(of: id)
            let kind: String? =
                if kinds.contains("Observation.Observable") {
                    "@Observable class"
                } else if kinds.contains(where: { $0.hasSuffix("ObservableObject") }) {
                    "ObservableObject"
                } else if kinds.contains(where: { $0.hasSuffix("ViewModelKit.ViewModel") || $0 == "ViewModelKit.ViewModel" }) {
                    "ViewModel"
                } else {
                    nil
                }
            guard let kind else {
                // A class named as view models are, that no view could observe: named, with the fix.
                if let last = type.pathComponents.last, ["ViewModel", "Model", "Store"].contains(where: { last.hasSuffix($0) }), Self.isVisible(type) {
                    skipped.append(
                        type.hasKeyword("actor")
                            ? "\(shownName): an actor, whose state is its own to read, so no view observes it; register a view model over it by hand"
                            : "\(shownName): neither ObservableObject nor @Observable, so no view observes its changes; make it @Observable "
                                + "(or an ObservableObject) to host it, or register it by hand with ScreenRegistry.register")
                }
                continue
            }
            guard Self.isVisible(type) else {
                skipped.append(
                    type.pathComponents.contains(where: { $0.hasPrefix("_") })
                        ? "\(shownName): its name starts with _, which marks what a module hides; rename it to host it"
                        : "\(shownName): \(type.accessLevel), so the generated file cannot name it; make it internal to host it")
                continue
            }
            if let actor = Self.globalActor(type), actor != "MainActor" {
                skipped.append(
                    "\(shownName): isolated to @\(actor), so the main actor can neither make nor drive it; "
                        + "register it by hand with a factory that hops to \(actor)")
                continue
            }
            guard type.swiftGenerics?.parameters?.isEmpty ?? true else {
                skipped.append("\(shownName): generic, so no one type to make; host a subclass that names its arguments")
                continue
            }
            if type.accessLevel == "internal" { usesInternal = true }
            var leftOut: [String] = []
            var actions: [Action] = []
            var bindings: [Binding] = []
            var outputs: [OutputPlan] = []
            var outputProperties: Set<String> = []
            var hasPlainInit = false
            var initCall: String?
            // An init whose parameters are defaulted but for callbacks: made with a recording closure for each.
            var recordingCall: String?
            var recordedNames: [String] = []
            var unrecorded: [String] = []
            // Its own members, then what each base adds that it does not override (by name), with the
            // base's generic parameters replaced by the arguments its declaration gives them.
            var collected: [(member: SymbolGraph.Symbol, substitutions: [String: String]?, owner: String)] =
                (index.members[id] ?? []).map { ($0, [:], id) }
            var substitutions: [String: String]? = [:]
            var inheritor = type
            for base in index.bases(of: id) {
                let parameters = base.swiftGenerics?.parameters?.map(\.name) ?? []
                if !parameters.isEmpty {
                    let arguments = sources.genericArguments(of: inheritor, base: base.pathComponents.last ?? "")
                    if let arguments, arguments.count == parameters.count, substitutions != nil {
                        let resolved = substitutions ?? [:]
                        substitutions = Dictionary(zip(parameters, arguments.map { Self.substitute($0, resolved) }), uniquingKeysWith: { first, _ in first })
                    } else {
                        substitutions = nil
                    }
                } else {
                    substitutions = [:]
                }
                let titles = Set(collected.compactMap { $0.member.pathComponents.last })
                collected += (index.members[base.identifier.precise] ?? []).filter { member in
                    member.kind.identifier != "swift.init" && !titles.contains(member.pathComponents.last ?? "")
                }.map { ($0, substitutions, base.identifier.precise) }
                inheritor = base
            }
            collected.sort { ($0.member.pathComponents.last ?? "") < ($1.member.pathComponents.last ?? "") }
            // Subscriptions kept alive (`Set<AnyCancellable>`), private ones too: never the screen's state.
            let subscriptions = collected.filter { entry in
                entry.member.kind.identifier == "swift.property"
                    && Self.propertyTypeFragments(entry.member).contains { $0.spelling.contains("AnyCancellable") }
            }.compactMap { $0.member.pathComponents.last }
            // A wrapped property the team marked `@ObservationIgnored` (`@ObservationIgnored @Dependency var
            // repository`): stored as `_repository`, as a tracked one is, so only its source tells it apart.
            let ignored =
                kind != "@Observable class"
                ? []
                : collected.filter { entry in
                    entry.member.kind.identifier == "swift.property" && !entry.member.declaration.contains("static ")
                        && entry.member.declarationFragments?.first(where: { $0.kind == "keyword" })?.spelling == "var"
                        && sources.isObservationIgnored(at: entry.member.location)
                }.compactMap { $0.member.pathComponents.last }.filter { !subscriptions.contains($0) }
            for (member, substitutions, owner) in collected where Self.isVisible(member) {
                guard let title = member.pathComponents.last else { continue }
                let copied = index.origin[member.identifier.precise].flatMap { index.byID[$0] }
                // A member a protocol extension of another module gives (Hashable's, ObservableObject's): not the team's.
                if member.identifier.precise.contains("::SYNTHESIZED::"), copied == nil { continue }
                switch member.kind.identifier {
                case "swift.init":
                    if Self.isPlainInit(member) {
                        hasPlainInit = true
                    } else if owner == id {
                        switch Self.recordingCall(member, typeName: typeName, index: index, owner: owner) {
                        case .success(let found)?:
                            if recordingCall == nil {
                                recordingCall = found.call
                                recordedNames = found.names
                            }
                        case .failure(let reason)?: unrecorded.append(reason.text)
                        case nil: break
                        }
                        if initCall == nil { initCall = Self.initCall(member, typeName: typeName, index: index, owner: owner) }
                    }
                case "swift.method":
                    let base = String(title.prefix { $0 != "(" })
                    if Self.observationMethods.contains(base) { continue }
                    guard let substitutions else {
                        leftOut.append("\(title): inherited from a generic base whose arguments could not be read from the class's declaration")
                        continue
                    }
                    let context = MemberContext(index: index, owner: owner, substitutions: substitutions)
                    switch Self.action(member, named: base, context: context) {
                    case .success(var action):
                        action.condition = sources.condition(at: member.location)
                        actions.append(action)
                        if member.accessLevel == "internal" { usesInternal = true }
                    case .failure(let reason): leftOut.append("\(title): \(reason.text)")
                    }
                case "swift.type.property":
                    // A notification's name the class declares: its posts are outputs.
                    if let substitutions, let type = index.typeText(Self.propertyTypeFragments(member), owner: owner, substitutions: substitutions),
                        case .success(var output)? = OutputPlan.of(member, named: title, type: type, index: index)
                    {
                        output.condition = sources.condition(at: member.location)
                        outputs.append(output)
                        if member.accessLevel == "internal" { usesInternal = true }
                    }
                case "swift.property":
                    if let substitutions, let type = index.typeText(Self.propertyTypeFragments(member), owner: owner, substitutions: substitutions),
                        let found = OutputPlan.of(member, named: title, type: type, index: index)
                    {
                        outputProperties.insert(title)
                        switch found {
                        case .success(var output):
                            output.condition = sources.condition(at: member.location)
                            outputs.append(output)
                            if member.accessLevel == "internal" { usesInternal = true }
                        case .failure(let reason): leftOut.append("\(title): \(reason.text)")
                        }
                        continue
                    }
                    // A `private(set)` one is left out by the compiler (see the file's `binding`).
                    guard Self.isSettable(member), !member.declaration.contains(" static ") else { continue }
                    guard let substitutions,
                        let type = index.typeText(Self.propertyTypeFragments(member), owner: owner, substitutions: substitutions),
                        !type.isEmpty
                    else { continue }
                    // Whether write can set it is the compiler's to judge: the file's `binding` overloads.
                    bindings.append(Binding(name: title, type: type, condition: sources.condition(at: member.location)))
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
            // A callback the generated factory records at init is not also a closure output (each
            // call would be recorded twice).
            if recordingCall != nil, !hasPlainInit {
                outputs = outputs.filter { output in
                    guard case .closure = output.source else { return true }
                    return !recordedNames.contains(output.property)
                }
            }
            // Two outputs of one name (a closure and a notification's name alike, two delegates of one
            // protocol) would stop the app at launch: both left out, each named.
            let outputNames = Dictionary(grouping: outputs.flatMap { output in output.names.map { ($0, output.property) } }, by: \.0)
            for (name, senders) in outputNames.sorted(by: { $0.key < $1.key }) where senders.count > 1 {
                leftOut.append("\(senders.map(\.1).joined(separator: " and ")): would send the output \(name) alike")
            }
            let shared = Set(outputNames.filter { $0.value.count > 1 }.keys)
            outputs = outputs.filter { $0.names.allSatisfy { !shared.contains($0) } }
            // An `@Observable` class's constants of value types are data the view shows, not
            // dependencies, unless marked `@ObservationIgnored`.
            let constants =
                kind != "@Observable class"
                ? []
                : collected.filter { entry in
                    // Not what a macro adds (`_$observationRegistrar`), nor a closure (never shown).
                    guard let title = entry.member.pathComponents.last, !title.hasPrefix("_"), !outputProperties.contains(title),
                        entry.member.kind.identifier == "swift.property",
                        entry.member.declarationFragments?.first(where: { $0.kind == "keyword" })?.spelling == "let"
                    else { return false }
                    // One the team marked `@ObservationIgnored` is not the view's (`let apiKey`).
                    return index.isData(Self.propertyTypeFragments(entry.member)) && !sources.isObservationIgnored(at: entry.member.location)
                }.compactMap { $0.member.pathComponents.last }
            screens.append(
                Screen(
                    name: Self.screenName(type.pathComponents), typeName: typeName, summary: "\(kind) \(shownName)",
                    actions: actions, bindings: bindings, hasPlainInit: hasPlainInit, leftOut: leftOut.sorted(),
                    condition: sources.condition(at: type.location), subscriptions: subscriptions + ignored, outputs: outputs, constants: constants,
                    factoryCall: hasPlainInit || recordingCall != nil ? nil : (initCall ?? "\(typeName)()"),
                    recordingCall: hasPlainInit ? nil : recordingCall, unrecorded: hasPlainInit || recordingCall != nil ? [] : unrecorded))
        }
        // Two classes of one name in different scopes: the nested one is named with its scope.
        let names = Dictionary(screens.map { ($0.name, 1) }, uniquingKeysWith: +)
        let scoped = screens.map { screen in
            guard names[screen.name, default: 0] > 1, screen.typeName.contains(".") else { return screen }
            let scoped = Self.valid(Self.kebab(screen.typeName.split(separator: ".").dropLast().joined()) + "-" + screen.name)
            let others = screens.filter { $0.name == screen.name && $0.typeName != screen.typeName }.map(\.typeName)
            var renamed = screen
            renamed.name = scoped
            renamed.note = "named \(scoped), not \(screen.name), which \(others.joined(separator: " and ")) is also named"
            return renamed
        }
        self.screens = Self.uniquelyNamed(scoped)
        self.skipped = skipped
        self.usesInternal = usesInternal
        imports = index.imported.modules.sorted()
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

    /// The call that makes a class through `init` where each parameter without a default is a
    /// callback returning nothing (`onSave: (Device) -> Void`): each given `context.output(NAME)`.
    /// `nil` where the init takes no callback or something else without a default; a failure names
    /// a callback no recording closure can stand for.
    static func recordingCall(_ symbol: SymbolGraph.Symbol, typeName: String, index: GraphIndex, owner: String) -> Result<
        (call: String, names: [String]), Refusal
    >? {
        if symbol.hasKeyword("async") || symbol.hasKeyword("throws") { return nil }
        let title = symbol.pathComponents.last ?? "init()"
        if title.hasPrefix("init?") || title.hasPrefix("init!") { return nil }
        let labels = title.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        let parameters = symbol.functionSignature?.parameters ?? []
        let marks = parameterMarks(symbol.declarationFragments ?? [])
        guard labels.count == parameters.count, marks.count == parameters.count else { return nil }
        var arguments: [String] = []
        var names: [String] = []
        for (offset, (label, parameter)) in zip(labels, parameters).enumerated() where !marks[offset].defaulted {
            guard let type = index.typeText(parameter.typeFragments, owner: owner, substitutions: [:]), type.contains("->") else { return nil }
            let own = parameter.internalName ?? parameter.name
            let name = label != "_" ? label : own
            var result = type.trimmingCharacters(in: .whitespaces)
            while result.hasSuffix("?") || result.hasSuffix(")") && !result.hasSuffix("()") { result.removeLast() }
            guard result.hasSuffix("-> Void") || result.hasSuffix("-> ()") else {
                return .failure(Refusal(text: "\(title): \(name) is a callback that returns a value, which no recording closure can give; write the factory"))
            }
            arguments.append((label == "_" ? "" : "\(label): ") + "context.output(\(GeneratedFile.literal(name)))")
            names.append(name)
        }
        guard !arguments.isEmpty else { return nil }
        return .success(("\(typeName)(\(arguments.joined(separator: ", ")))", names))
    }

    /// The call an init makes, each argument a placeholder of its type: `Profile(userID: <#Int#>)`.
    static func initCall(_ symbol: SymbolGraph.Symbol, typeName: String, index: GraphIndex, owner: String) -> String {
        let title = symbol.pathComponents.last ?? "init()"
        let labels = title.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        let parameters = symbol.functionSignature?.parameters ?? []
        let arguments = zip(labels, parameters).map { label, parameter in
            let type = index.typeText(parameter.typeFragments, owner: owner, substitutions: [:]) ?? "_"
            return (label == "_" ? "" : "\(label): ") + "<#\(type)#>"
        }
        let effects = (symbol.hasKeyword("throws") ? "try " : "") + (symbol.hasKeyword("async") ? "await " : "")
        return "\(effects)\(typeName)(\(arguments.joined(separator: ", ")))"
    }

    /// Whether every parameter of an initializer has a default value (`init(loader: Loader = Loader())`):
    /// in its declaration, each parameter runs from its label to the next one's, and a default
    /// stands in that run's text as ` = ` (a type's text never holds one).
    static func everyParameterIsDefaulted(_ fragments: [SymbolGraph.Fragment]) -> Bool {
        let marks = parameterMarks(fragments)
        return !marks.isEmpty && marks.allSatisfy(\.defaulted)
    }

    /// What a declaration's fragments say of each of its parameters, in order: whether it has a
    /// default value, and whether it is `inout` (the symbol graph SwiftPM writes leaves `inout` out
    /// of each parameter's own fragments; swiftc's `-emit-symbol-graph` keeps it there too).
    static func parameterMarks(_ fragments: [SymbolGraph.Fragment]) -> [(defaulted: Bool, isInout: Bool)] {
        var marks: [(defaulted: Bool, isInout: Bool)] = []
        // Only the keyword before a parameter's type, not one inside a closure type's parentheses.
        var depth = 0
        for fragment in fragments {
            switch fragment.kind {
            case "externalParam" where depth <= 1:
                marks.append((false, false))
            case "keyword" where fragment.spelling == "inout" && depth == 1 && !marks.isEmpty:
                marks[marks.count - 1].isInout = true
            case "text":
                if !marks.isEmpty, fragment.spelling.contains(" = ") { marks[marks.count - 1].defaulted = true }
                for character in fragment.spelling {
                    if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
                }
            default:
                break
            }
        }
        return marks
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
            let name = valid(kebab(screen.typeName.split(separator: ".").joined()))
            let others = screens.filter { $0.name == screen.name && $0.typeName != screen.typeName }.map(\.typeName)
            var renamed = screen
            renamed.name = name
            renamed.note = "named \(name), not \(screen.name), which \(others.joined(separator: " and ")) is also named"
            return renamed
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
                renamed[index].name = name
                renamed[index].note = "named \(name), not \(wanted), which another class also gives"
            }
            taken.insert(name)
        }
        return renamed
    }

    /// Where a member's types are read: the graph, the class the member is declared in, and what
    /// that class's generic parameters stand for in the hosted subclass.
    struct MemberContext {
        let index: GraphIndex
        let owner: String
        let substitutions: [String: String]
    }

    private static func action(_ method: SymbolGraph.Symbol, named base: String, context: MemberContext) -> Result<Action, Refusal> {
        let declaration = method.declaration
        if declaration.contains(" static ") || declaration.hasPrefix("static ") || method.kind.identifier != "swift.method" {
            return .failure(Refusal(text: "a type method"))
        }
        // Generic in parameters of its own, not only in those of the class it is declared in.
        let ownerParameters = Set(context.index.byID[context.owner]?.swiftGenerics?.parameters?.map(\.name) ?? [])
        if (method.swiftGenerics?.parameters ?? []).contains(where: { !ownerParameters.contains($0.name) }) { return .failure(Refusal(text: "generic")) }
        guard let title = method.pathComponents.last else { return .failure(Refusal(text: "it has no name")) }
        let labels = title.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast().map(String.init)
        let parameters = method.functionSignature?.parameters ?? []
        guard labels.count == parameters.count else { return .failure(Refusal(text: "its parameters could not be read")) }
        guard parameters.count <= maximumArguments else { return .failure(Refusal(text: "more than \(maximumArguments) arguments")) }
        var arguments: [(name: String, label: String?, type: String, defaulted: Bool)] = []
        var internalNames: [String] = []
        var cases: [Int: [GraphIndex.EnumCase]] = [:]
        let marks = parameterMarks(method.declarationFragments ?? [])
        for (offset, (label, parameter)) in zip(labels, parameters).enumerated() {
            let own = parameter.internalName ?? parameter.name
            let mark = offset < marks.count ? marks[offset] : (defaulted: false, isInout: false)
            if parameter.isInout || mark.isInout {
                return .failure(Refusal(text: "an inout parameter (\(own)), which an event cannot pass"))
            }
            guard let type = context.index.typeText(parameter.typeFragments, owner: context.owner, substitutions: context.substitutions) else {
                return .failure(Refusal(text: "\(own): its type names a generic parameter with no argument"))
            }
            if type.contains("->") { return .failure(Refusal(text: "takes a closure (\(own))")) }
            // Whether an event can pass it is the compiler's to judge: `ArgumentForm.of`'s overloads.
            // The event's name for it: its label, else its own name, else (`_ _: Int`) `argument1`….
            let synthetic = "argument\(offset + 1)"
            let name = label != "_" && !label.isEmpty ? label : (own != "_" && !own.isEmpty ? own : synthetic)
            arguments.append((name, label == "_" || label.isEmpty ? nil : label, type, mark.defaulted))
            internalNames.append(own != "_" && !own.isEmpty ? own : synthetic)
            if let found = context.index.enumCases(parameter.typeFragments, owner: context.owner, substitutions: context.substitutions) {
                cases[offset] = found
            }
        }
        // Two arguments of one label (`f(x a: Int, x b: Int)`): named by their own names instead.
        if Set(arguments.map(\.name)).count < arguments.count {
            guard Set(internalNames).count == internalNames.count else {
                return .failure(Refusal(text: "two arguments share the name \(arguments.map(\.name).joined(separator: ", "))"))
            }
            arguments = zip(arguments, internalNames).map { ($1, $0.label, $0.type, $0.defaulted) }
        }
        // What it returns is the compiler's to judge too (`ActionResult.of`'s `Void` overload).
        var action = Action(
            name: base, arguments: arguments, isAsync: method.hasKeyword("async"), isThrowing: method.hasKeyword("throws") || method.hasKeyword("rethrows"))
        for (offset, found) in cases { action.enumCases[arguments[offset].name] = found }
        return .success(action)
    }

    /// The global actor a class's declaration names (`@MainActor`, a team's `@DatabaseActor`), if any:
    /// an attribute fragment that names a type.
    static func globalActor(_ type: SymbolGraph.Symbol) -> String? {
        (type.declarationFragments ?? []).first { $0.kind == "attribute" && $0.preciseIdentifier != nil }?.spelling
    }

    /// A base's generic argument as the hosted class sees it: the inheritor's own parameters replaced.
    static func substitute(_ text: String, _ substitutions: [String: String]) -> String {
        guard !substitutions.isEmpty else { return text }
        var out = ""
        var word = ""
        for character in text + " " {
            if character.isLetter || character.isNumber || character == "_" {
                word.append(character)
                continue
            }
            out += substitutions[word] ?? word
            word = ""
            out.append(character)
        }
        return String(out.dropLast())
    }

    /// Whether a property's symbol says it can be set: `{ get set }` (a computed or an @Observable
    /// property), or a stored `var` (written without accessors).
    static func isSettable(_ property: SymbolGraph.Symbol) -> Bool {
        let declaration = property.declaration
        if declaration.hasSuffix("{ get set }") { return true }
        return !declaration.contains("{") && declaration.range(of: #"(^|[ @])var "#, options: .regularExpression) != nil
    }

    /// The fragments of a property's type: what follows its name's colon, up to its accessors or value.
    static func propertyTypeFragments(_ property: SymbolGraph.Symbol) -> [SymbolGraph.Fragment] {
        SymbolGraph.Fragment.afterColon(property.declarationFragments ?? [], until: ["{", "="])
    }

    /// A member the generated file may name: not private, not fileprivate.
    private static func isVisible(_ symbol: SymbolGraph.Symbol) -> Bool {
        !["private", "fileprivate"].contains(symbol.accessLevel) && !symbol.pathComponents.contains { $0.hasPrefix("_") }
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
        return valid(kebab(base))
    }

    /// Whether `ScreenRegistry` takes `name`: letters, digits, `-` and `_`, at least one.
    static func isScreenName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// `name` as `use` reads it (letters, digits, `-` and `_`): other characters become `-`, and a
    /// name with no letter or digit left (`🐶ViewModel`) is spelled by its characters' Unicode names
    /// (`dog-face`), so every generated name is one `ScreenRegistry` takes.
    static func valid(_ name: String) -> String {
        func words(_ text: String) -> String {
            var out = ""
            for character in text {
                if character.isLetter || character.isNumber || character == "_" {
                    out.append(character)
                } else if !out.isEmpty, out.last != "-" {
                    out += "-"
                }
            }
            while out.hasSuffix("-") { out.removeLast() }
            return out
        }
        let plain = words(name)
        if plain.contains(where: { $0.isLetter || $0.isNumber }) { return plain }
        let named = words(name.unicodeScalars.compactMap { $0.properties.name?.lowercased() }.joined(separator: " "))
        return named.isEmpty ? "screen" : named
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
