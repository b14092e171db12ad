import Foundation

/// Something a hosted view model does, sent with `event NAME ARGS`: a method call, sync or async,
/// with typed `Decodable` arguments.
///
/// ```swift
/// .action("load", drives: .loading) { await $0.load() }
/// .action("select", "id") { (model, id: Int) in model.select(id: id) }
/// ```
/// An action runs at once, on the main actor, until its first suspension, so the reply shows what it
/// changed; the rest of it (and every task it starts, a `didSet`'s own `Task` too) is work the session
/// owns: pushed with the request that started it, waited for by `wait`, cancelled by `cancel`. A
/// closure without `await` is a sync action, run as a plain call: no task is made for it.
public struct ScreenAction<Model: AnyObject>: Sendable {
    /// A call ready to run, its arguments decoded.
    enum Call {
        /// A sync method: called in place; what it returned, or `nil` for nothing.
        case sync(@MainActor (Model) throws -> ActionResult)
        /// An async method: run as a task of the screen; what it returned, or `nil` for nothing.
        case async(@MainActor (Model) async throws -> ActionResult)
    }

    let name: String
    let arguments: [EventArgument]
    let drives: LoadCommands
    /// Decodes the arguments (by name) into the call to make; throws when one does not decode.
    let prepare: @Sendable ([(key: String, value: JSONValue)]) throws -> Call
    /// The events it also stands for: where its one argument is an enum whose cases the generated
    /// file lists, each case as an event of its own (`send.signIn user="ann"`).
    var variants: [ScreenAction] = []

    /// An action without arguments.
    /// - Parameters:
    ///   - name: What `event` calls it.
    ///   - drives: Which of `load`, `reload`, `retry` and `cancel` run it.
    ///   - body: What it does.
    public static func action(
        _ name: String, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model) async throws -> Void
    ) -> ScreenAction {
        ScreenAction(name: name, arguments: [], drives: drives) { _ in
            .async { model in
                try await body(model)
                return .none
            }
        }
    }

    /// A sync action without arguments.
    public static func action(
        _ name: String, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model) throws -> Void
    ) -> ScreenAction {
        ScreenAction(name: name, arguments: [], drives: drives) { _ in
            .sync { model in
                try body(model)
                return .none
            }
        }
    }

    /// An action with one argument, named `argument`.
    public static func action<A: Decodable & SendableMetatype>(
        _ name: String, _ argument: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A) async throws -> Void
    ) -> ScreenAction {
        taking(name, argument, drives) { a in
            .async { model in
                try await body(model, a)
                return .none
            }
        }
    }

    /// A sync action with one argument, named `argument`.
    public static func action<A: Decodable & SendableMetatype>(
        _ name: String, _ argument: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A) throws -> Void
    ) -> ScreenAction {
        taking(name, argument, drives) { a in
            .sync { model in
                try body(model, a)
                return .none
            }
        }
    }

    /// An action with two arguments.
    public static func action<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B) async throws -> Void
    ) -> ScreenAction {
        taking(name, first, second, drives) { a, b in
            .async { model in
                try await body(model, a, b)
                return .none
            }
        }
    }

    /// A sync action with two arguments.
    public static func action<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B) throws -> Void
    ) -> ScreenAction {
        taking(name, first, second, drives) { a, b in
            .sync { model in
                try body(model, a, b)
                return .none
            }
        }
    }

    /// An action with three arguments.
    public static func action<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype, C: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, _ third: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B, C) async throws -> Void
    ) -> ScreenAction {
        taking(name, first, second, third, drives) { a, b, c in
            .async { model in
                try await body(model, a, b, c)
                return .none
            }
        }
    }

    /// A sync action with three arguments.
    public static func action<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype, C: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, _ third: String, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B, C) throws -> Void
    ) -> ScreenAction {
        taking(name, first, second, third, drives) { a, b, c in
            .sync { model in
                try body(model, a, b, c)
                return .none
            }
        }
    }

    // MARK: Decoding the arguments

    /// An argument `name` of `type`: its Swift type's name, and the JSON Schema of its readable
    /// form, so an agent (the MCP tool catalog) learns a struct argument's members before calling.
    /// An optional one may be left out: it is then `nil`.
    private static func described(_ name: String, _ type: Any.Type) -> EventArgument {
        .init(name: name, type: TypeName.of(type), schema: TypeSchema.of(type), isOptional: type is any ExpressibleByNilLiteral.Type)
    }

    /// An action whose one argument is decoded before `call` makes the call with it.
    private static func taking<A: Decodable & SendableMetatype>(
        _ name: String, _ argument: String, _ drives: LoadCommands, _ call: @escaping @Sendable (sending A) -> Call
    ) -> ScreenAction {
        ScreenAction(name: name, arguments: [described(argument, A.self)], drives: drives) { members in
            call(try ArgumentDecoding.decode(A.self, named: argument, from: members))
        }
    }

    /// An action whose two arguments are decoded before `call` makes the call with them.
    private static func taking<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, _ drives: LoadCommands, _ call: @escaping @Sendable (sending A, sending B) -> Call
    ) -> ScreenAction {
        let arguments: [EventArgument] = [described(first, A.self), described(second, B.self)]
        return ScreenAction(name: name, arguments: arguments, drives: drives) { members in
            call(try ArgumentDecoding.decode(A.self, named: first, from: members), try ArgumentDecoding.decode(B.self, named: second, from: members))
        }
    }

    /// An action whose three arguments are decoded before `call` makes the call with them.
    private static func taking<A: Decodable & SendableMetatype, B: Decodable & SendableMetatype, C: Decodable & SendableMetatype>(
        _ name: String, _ first: String, _ second: String, _ third: String, _ drives: LoadCommands,
        _ call: @escaping @Sendable (sending A, sending B, sending C) -> Call
    ) -> ScreenAction {
        let arguments: [EventArgument] = [
            described(first, A.self), described(second, B.self), described(third, C.self),
        ]
        return ScreenAction(name: name, arguments: arguments, drives: drives) { members in
            call(
                try ArgumentDecoding.decode(A.self, named: first, from: members), try ArgumentDecoding.decode(B.self, named: second, from: members),
                try ArgumentDecoding.decode(C.self, named: third, from: members))
        }
    }
}

/// Which of `load`, `reload`, `retry` and `cancel` an action is run by.
public struct LoadCommands: OptionSet, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// `load`.
    public static let load = LoadCommands(rawValue: 1)
    /// `reload` (the action `load` runs, when no other is named).
    public static let reload = LoadCommands(rawValue: 2)
    /// `retry` (the last load run again, when no action is named).
    public static let retry = LoadCommands(rawValue: 4)
    /// `cancel`, besides cancelling the tasks the screen's actions started.
    public static let cancel = LoadCommands(rawValue: 8)
    /// `load`, `reload` and `retry`: the one method a screen loads with (`func load() async`).
    public static let loading: LoadCommands = [.load, .reload, .retry]
}

/// A property a view binds (`$model.query`), written on the real view model by `write NAME=VALUE`
/// as the binding would write it: its `didSet` runs, and the work it starts is tracked.
///
/// ```swift
/// .binding("query", \.query)
/// ```
public struct ScreenBinding<Model: AnyObject>: Sendable {
    let name: String
    let type: String
    /// The value's JSON Schema, from its type, with a raw-value enum's cases listed (`oneOf`
    /// their names): what `explore` writes the binding with. Worked out when asked, not as the
    /// screens are registered.
    let schema: @Sendable () -> JSONValue
    /// Decodes the value into the write to make; throws when it does not decode.
    let prepare: @Sendable (JSONValue) throws -> @MainActor (Model) -> Void

    /// A binding of `keyPath` under `name`.
    public static func binding<Value: Decodable & SendableMetatype>(_ name: String, _ keyPath: ReferenceWritableKeyPath<Model, Value>) -> ScreenBinding {
        let path = UncheckedKeyPath(keyPath: keyPath)
        return ScreenBinding(
            name: name, type: TypeName.of(Value.self), schema: { explored(Value.self) },
            prepare: { json in
                let value = try ArgumentDecoding.decode(Value.self, from: json)
                return { model in model[keyPath: path.keyPath] = value }
            })
    }

    /// A binding of `keyPath` under `name` whose value is read through `form`: what `vmrepl-screens`
    /// writes, so a raw-value or payload-free enum that is not `Decodable` can be written too, and a
    /// type that can be neither is refused with the reason when written.
    public static func binding<Value: SendableMetatype>(
        _ name: String, _ keyPath: ReferenceWritableKeyPath<Model, Value>, reading form: ArgumentForm<Value>
    ) -> ScreenBinding {
        let path = UncheckedKeyPath(keyPath: keyPath)
        return ScreenBinding(
            name: name, type: TypeName.of(Value.self), schema: { explored(Value.self) },
            prepare: { json in
                let value = HandedOver(try form.read(json))
                return { model in model[keyPath: path.keyPath] = value.value }
            })
    }

    /// `type`'s schema for `explore`: an enum's cases without payload as `oneOf` their names (a
    /// raw-value enum's schema is its raw type's, which names no case), else its JSON Schema.
    private static func explored(_ type: Any.Type) -> JSONValue {
        if let cases = EnumCases.of(type), !cases.isEmpty, cases.allSatisfy({ $0.payload == nil }) {
            return .object([("oneOf", .array(cases.map { .object([("const", .string($0.name))]) }))])
        }
        return TypeSchema.of(type)
    }
}

/// One field of a hosted view model's state, read through a key path: for teams that show fewer
/// fields than reflection finds (`.field("items", \.items)`).
public struct ScreenField<Model: AnyObject>: Sendable {
    let name: String
    let read: @MainActor @Sendable (Model) -> Any
    /// The field's declared type, for `describe`.
    let type: @Sendable () -> Any.Type

    /// The value at `keyPath`, shown as `name`.
    public static func field<Value>(_ name: String, _ keyPath: KeyPath<Model, Value>) -> ScreenField {
        let path = UncheckedKeyPath(keyPath: keyPath)
        return ScreenField(name: name, read: { model in model[keyPath: path.keyPath] }, type: { Value.self })
    }
}

/// A key path carried into a `@Sendable` closure: key paths written as literals capture nothing
/// and never change.
private struct UncheckedKeyPath<Path: AnyKeyPath>: @unchecked Sendable {
    let keyPath: Path
}
