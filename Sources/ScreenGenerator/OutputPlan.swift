import Foundation

/// What a view model tells the app to do, found among its properties: a settable closure property,
/// a weak delegate of one of the module's protocols, an `AsyncStream` or a Combine subject it vends,
/// or a static `Notification.Name` it declares. Each becomes outputs in the generated registration
/// (a recording closure, a generated recording delegate, a subscription, an observer).
struct OutputPlan {
    /// Where the outputs come from.
    enum Source {
        /// A closure property, set to a recording closure where it is `nil` (where it is optional),
        /// else wrapped so the closure set before still runs.
        case closure(arguments: [Argument], isOptional: Bool, isAsync: Bool, isThrowing: Bool)
        /// A weak delegate: the generated recorder conforms to `protocolName`, each method an output.
        case delegate(protocolName: String, methods: [Method], isMainActor: Bool)
        /// An `AsyncStream` or `AsyncThrowingStream`: each element an output.
        case stream
        /// A static `Notification.Name` the class declares: each post of it (whose object is the
        /// view model or `nil`) an output.
        case notification
        /// A Combine `PassthroughSubject` or `CurrentValueSubject`: each value sent an output (not
        /// the current value a `CurrentValueSubject` gives as it is subscribed to); `Void` values
        /// are outputs of no value.
        case subject(isCurrentValue: Bool, sendsNothing: Bool)
    }

    /// One argument of a closure or a delegate method: the value's member name and its type.
    struct Argument {
        let name: String
        let type: String
    }

    /// One requirement of a delegate protocol, as the recorder declares it.
    struct Method {
        /// Its base name: the output's name.
        let name: String
        /// Its declaration as the protocol writes it (`func loginDidSucceed(user: String)`).
        let declaration: String
        /// Each parameter's name inside the method, with the value's member name.
        let parameters: [(own: String, member: String)]
    }

    let property: String
    let source: Source
    /// The `#if` condition the property is declared under.
    var condition: String? = nil

    /// The output names it sends.
    var names: [String] {
        if case .delegate(_, let methods, _) = source { return methods.map(\.name) }
        return [property]
    }

    /// The output a property is, if it has the shape of one; a refusal says why a property that
    /// looks like one cannot be.
    static func of(_ property: SymbolGraph.Symbol, named name: String, type: String, index: GraphIndex) -> Result<OutputPlan, ScreenPlan.Refusal>? {
        let declaration = property.declaration
        let trimmed = type.trimmingCharacters(in: .whitespaces)
        if declaration.contains(" static ") || declaration.hasPrefix("static ") {
            return notificationNames.contains(trimmed) ? .success(OutputPlan(property: name, source: .notification)) : nil
        }
        let settable = ScreenPlan.isSettable(property)
        let isStream = trimmed.hasPrefix("AsyncStream<") || trimmed.hasPrefix("AsyncThrowingStream<")
        let subject = subject(trimmed)
        if isStream || subject != nil {
            // An optional one (`AsyncStream<Route>?`) may be set later, after the subscription is made.
            guard !trimmed.hasSuffix("?") else { return .failure(ScreenPlan.Refusal(text: "an optional sequence, which may be set after it is subscribed to")) }
            // A `var` one (`private(set) var events: AsyncStream<Event>`) may be replaced, and what the
            // new one sends would be lost to the subscription to the old.
            if isStream, property.declarationFragments?.first(where: { $0.kind == "keyword" })?.spelling == "var" {
                return .failure(ScreenPlan.Refusal(text: "a stream held in a var, which the view model may replace after it is subscribed to; make it a let"))
            }
            return .success(OutputPlan(property: name, source: subject ?? .stream))
        }
        if property.hasKeyword("weak"), let protocolID = delegateProtocol(property, index: index) {
            guard settable else { return nil }
            return delegate(property: name, protocolID: protocolID, index: index)
        }
        guard let closure = closureType(trimmed) else { return nil }
        guard settable else { return nil }
        guard closure.returnsVoid else { return .failure(ScreenPlan.Refusal(text: "a closure that returns a value, which an output cannot give")) }
        guard !closure.arguments.contains(where: { $0.type.hasPrefix("inout ") }) else {
            return .failure(ScreenPlan.Refusal(text: "a closure with an inout parameter, which an output cannot record"))
        }
        return .success(
            OutputPlan(
                property: name,
                source: .closure(arguments: closure.arguments, isOptional: closure.isOptional, isAsync: closure.isAsync, isThrowing: closure.isThrowing)))
    }

    /// A Combine subject's type (`PassthroughSubject<Route, Never>`): which subject, and whether its
    /// values are `Void`.
    private static func subject(_ type: String) -> Source? {
        let bare = type.hasPrefix("Combine.") ? String(type.dropFirst("Combine.".count)) : type
        let isCurrentValue: Bool
        if bare.hasPrefix("PassthroughSubject<") {
            isCurrentValue = false
        } else if bare.hasPrefix("CurrentValueSubject<") {
            isCurrentValue = true
        } else {
            return nil
        }
        let output = bare.drop { $0 != "<" }.dropFirst().prefix { $0 != "," }.trimmingCharacters(in: .whitespaces)
        return .subject(isCurrentValue: isCurrentValue, sendsNothing: output == "Void" || output == "()")
    }

    /// How a symbol graph spells a notification's name.
    private static let notificationNames: Set<String> = [
        "Notification.Name", "NSNotification.Name", "Foundation.Notification.Name", "Foundation.NSNotification.Name",
    ]

    /// The module's protocol a property's type names (`(any LoginDelegate)?`), if any.
    private static func delegateProtocol(_ property: SymbolGraph.Symbol, index: GraphIndex) -> String? {
        ScreenPlan.propertyTypeFragments(property).lazy.compactMap(\.preciseIdentifier).first { index.byID[$0]?.kind.identifier == "swift.protocol" }
    }

    private static func delegate(property: String, protocolID: String, index: GraphIndex) -> Result<OutputPlan, ScreenPlan.Refusal> {
        guard let protocolSymbol = index.byID[protocolID] else { return .failure(ScreenPlan.Refusal(text: "its protocol could not be read")) }
        let protocolName = index.spelling(of: protocolSymbol)
        var methods: [Method] = []
        for requirement in index.allRequirements(of: protocolID).sorted(by: { ($0.pathComponents.last ?? "") < ($1.pathComponents.last ?? "") }) {
            let title = requirement.pathComponents.last ?? ""
            guard requirement.kind.identifier == "swift.method", !requirement.declaration.contains("static ") else {
                return .failure(ScreenPlan.Refusal(text: "\(protocolName) requires \(title), which a recording delegate cannot give"))
            }
            guard requirement.swiftGenerics?.parameters?.isEmpty ?? true else {
                return .failure(ScreenPlan.Refusal(text: "\(protocolName).\(title) is generic"))
            }
            let returns = (requirement.functionSignature?.returns ?? []).map(\.spelling).joined()
            guard returns.isEmpty || returns == "()" || returns == "Void" else {
                return .failure(ScreenPlan.Refusal(text: "\(protocolName).\(title) returns a value, which a recording delegate cannot give"))
            }
            let parameters = (requirement.functionSignature?.parameters ?? []).enumerated().map { offset, parameter in
                let own = parameter.internalName ?? parameter.name
                let member = parameter.name != "_" && !parameter.name.isEmpty ? parameter.name : (own != "_" ? own : "argument\(offset + 1)")
                return (own: own == "_" ? "argument\(offset + 1)" : own, member: member)
            }
            // The recorder writes the declaration as the protocol does: it imports what its types come from.
            index.noteModules(of: requirement.declarationFragments ?? [])
            methods.append(Method(name: String(title.prefix { $0 != "(" }), declaration: requirement.declaration, parameters: parameters))
        }
        guard !methods.isEmpty else { return .failure(ScreenPlan.Refusal(text: "\(protocolName) requires no method, so nothing is sent through it")) }
        guard Set(methods.map(\.name)).count == methods.count else {
            return .failure(ScreenPlan.Refusal(text: "\(protocolName) has overloads that would share an output's name"))
        }
        let isMainActor = ScreenPlan.globalActor(protocolSymbol) == "MainActor"
        return .success(OutputPlan(property: property, source: .delegate(protocolName: protocolName, methods: methods, isMainActor: isMainActor)))
    }

    /// A function type as written (`((Receipt) -> Void)?`, `@MainActor (Int, _ note: String) async -> Void`).
    struct ClosureType {
        var arguments: [Argument]
        var isOptional: Bool
        var isAsync: Bool
        var isThrowing: Bool
        var returnsVoid: Bool
    }

    /// `text` read as a function type, or `nil` when it is none.
    static func closureType(_ text: String) -> ClosureType? {
        var type = text.trimmingCharacters(in: .whitespaces)
        var isOptional = false
        if type.hasSuffix("?") || type.hasSuffix("!") {
            isOptional = true
            type = String(type.dropLast()).trimmingCharacters(in: .whitespaces)
        } else if type.hasPrefix("Optional<"), type.hasSuffix(">") {
            isOptional = true
            type = String(type.dropFirst("Optional<".count).dropLast())
        }
        // `((Receipt) -> Void)`: the brackets around an optional function type.
        while type.hasPrefix("("), let close = matching(type, from: type.startIndex), close == type.index(before: type.endIndex),
            splitTopLevel(String(type.dropFirst().dropLast()), at: "->").count > 1
        {
            type = String(type.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        while type.hasPrefix("@") {
            guard let space = type.firstIndex(of: " ") else { return nil }
            type = String(type[space...]).trimmingCharacters(in: .whitespaces)
        }
        guard type.hasPrefix("("), let close = matching(type, from: type.startIndex) else { return nil }
        let list = String(type[type.index(after: type.startIndex)..<close])
        let rest = String(type[type.index(after: close)...]).trimmingCharacters(in: .whitespaces)
        guard let arrow = rest.range(of: "->") else { return nil }
        let effects = rest[..<arrow.lowerBound]
        let result = rest[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
        let parts = list.trimmingCharacters(in: .whitespaces).isEmpty ? [] : splitTopLevel(list, at: ",")
        // `@escaping` marks a parameter, not a type: a value's type is written without it.
        func valueType(_ text: String) -> String {
            var type = text.trimmingCharacters(in: .whitespaces)
            while type.hasPrefix("@escaping ") { type = String(type.dropFirst("@escaping ".count)).trimmingCharacters(in: .whitespaces) }
            return type
        }
        let arguments = parts.enumerated().map { offset, part -> Argument in
            let pieces = splitTopLevel(part, at: ":")
            guard pieces.count > 1 else { return Argument(name: "argument\(offset + 1)", type: valueType(part)) }
            let label = pieces[0].split(separator: " ").last.map(String.init) ?? ""
            return Argument(name: label.isEmpty || label == "_" ? "argument\(offset + 1)" : label, type: valueType(pieces.dropFirst().joined(separator: ":")))
        }
        return ClosureType(
            arguments: arguments, isOptional: isOptional, isAsync: effects.contains("async"), isThrowing: effects.contains("throws"),
            returnsVoid: result == "Void" || result == "()")
    }

    /// The index of the bracket closing the one at `start`.
    private static func matching(_ text: String, from start: String.Index) -> String.Index? {
        var depth = 0
        var index = start
        while index < text.endIndex {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where index > text.startIndex && text[text.index(before: index)] != "-": depth -= 1
            default: break
            }
            if depth == 0 { return index }
            index = text.index(after: index)
        }
        return nil
    }

    /// `text` split at `separator` where it stands outside brackets.
    private static func splitTopLevel(_ text: String, at separator: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if depth == 0, text[index...].hasPrefix(separator) {
                parts.append(current)
                current = ""
                index = text.index(index, offsetBy: separator.count)
                continue
            }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where !current.hasSuffix("-"): depth -= 1
            default: break
            }
            current.append(character)
            index = text.index(after: index)
        }
        parts.append(current)
        return parts
    }
}
