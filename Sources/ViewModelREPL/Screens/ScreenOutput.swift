import Foundation

/// Something a hosted view model tells the rest of the app to do (navigate, dismiss, report a
/// result), written as an `output` line when it is sent and kept for `@outputs.NAME` paths.
///
/// ```swift
/// .closure("onFinished", \.onFinished)
/// .output("onRate", members: ["stars": Int.self, "comment": String.self]) { model, send in
///     if model.onRate == nil { model.onRate = { send("onRate", members: ["stars": $0, "comment": $1]) } }
/// }
/// .outputs(["loginDidFinish"]) { model, send in
///     let recorder = LoginRecorder(send)
///     model.delegate = recorder
///     return recorder
/// }
/// .stream("routes") { $0.routes }
/// .notification(.cartDidEmpty)
/// ```
/// Each is connected once, as the view model is made, after its factory: a closure property the
/// factory set is left as it is (and sends nothing).
public struct ScreenOutput<Model: AnyObject>: Sendable {
    /// The names of the outputs it sends.
    let names: [String]
    /// Each output's value's JSON Schema, for `describe`, where its type is declared.
    let schemas: [JSONValue?]
    /// Connects a view model just made; what it returns is kept as long as the screen (a recording
    /// delegate, which the view model holds weakly).
    let connect: @MainActor @Sendable (Model, OutputSender) -> AnyObject?
    /// A sequence to subscribe to, for ``stream(_:_:)``.
    let subscribe: (@MainActor @Sendable (Model, OutputSender) -> Task<Void, Never>)?

    /// The schema of an output with no value: `{}`.
    private static var emptySchema: JSONValue { .object([("type", .string("object")), ("additionalProperties", .bool(false))]) }

    /// An output through a settable optional closure property of one argument, set when it is `nil`.
    public static func closure<Value>(_ name: String, _ property: ReferenceWritableKeyPath<Model, ((Value) -> Void)?>) -> ScreenOutput
    where Value: SendableMetatype {
        nonisolated(unsafe) let property = property
        return ScreenOutput(
            names: [name], schemas: [TypeSchema.of(Value.self)],
            connect: { model, send in
                if model[keyPath: property] == nil { model[keyPath: property] = { send(name, $0) } }
                return nil
            }, subscribe: nil)
    }

    /// An output through a settable optional closure property of no arguments, set when it is `nil`.
    public static func closure(_ name: String, _ property: ReferenceWritableKeyPath<Model, (() -> Void)?>) -> ScreenOutput {
        nonisolated(unsafe) let property = property
        return ScreenOutput(
            names: [name], schemas: [emptySchema],
            connect: { model, send in
                if model[keyPath: property] == nil { model[keyPath: property] = { send(name) } }
                return nil
            }, subscribe: nil)
    }

    /// One output `connect` wires up (a closure property of any shape), its value of type `value`.
    public static func output<Value>(
        _ name: String, value: Value.Type, _ connect: @escaping @MainActor @Sendable (Model, OutputSender) -> Void
    ) -> ScreenOutput where Value: SendableMetatype {
        ScreenOutput(
            names: [name], schemas: [TypeSchema.of(Value.self)],
            connect: {
                connect($0, $1)
                return nil
            }, subscribe: nil)
    }

    /// One output `connect` wires up, its value an object of `members` (several arguments by
    /// label), or `{}` when there are none.
    public static func output(
        _ name: String, members: KeyValuePairs<String, any Any.Type> = [:],
        _ connect: @escaping @MainActor @Sendable (Model, OutputSender) -> Void
    ) -> ScreenOutput {
        let schema =
            members.isEmpty
            ? emptySchema : TypeSchema.object(Dictionary(members.map { ($0.key, $0.value) }) { first, _ in first }, fields: members.map(\.key))
        return ScreenOutput(
            names: [name], schemas: [schema],
            connect: {
                connect($0, $1)
                return nil
            }, subscribe: nil)
    }

    /// Outputs an object `connect` makes and gives the view model (a recording delegate): it is kept
    /// as long as the screen, as the view model holds it weakly. Their values' types are not declared.
    public static func outputs(
        _ names: [String], _ connect: @escaping @MainActor @Sendable (Model, OutputSender) -> AnyObject?
    ) -> ScreenOutput {
        ScreenOutput(names: names, schemas: names.map { _ in nil }, connect: connect, subscribe: nil)
    }

    /// An output for each element of a sequence the view model vends (an `AsyncStream` of routes),
    /// subscribed to as it is made. The subscription is the screen's, but it is never work in flight:
    /// it never keeps `wait` or the virtual clock waiting.
    public static func stream<Elements: AsyncSequence>(
        _ name: String, _ elements: @escaping @MainActor @Sendable (Model) -> Elements
    ) -> ScreenOutput where Elements: SendableMetatype, Elements.AsyncIterator: SendableMetatype, Elements.Element: SendableMetatype {
        ScreenOutput(
            names: [name], schemas: [TypeSchema.of(Elements.Element.self)], connect: { _, _ in nil },
            subscribe: { model, send in
                // Iterated only on the main thread, where the session runs the subscription's jobs.
                nonisolated(unsafe) let sequence = elements(model)
                return subscription {
                    do {
                        for try await element in sequence { send(name, element) }
                    } catch {}
                }
            })
    }

    /// An output for each post of `notification` on `NotificationCenter.default` whose object is the
    /// view model or `nil`, named `name` (the notification's own name when none is given). Its value
    /// is the post's `userInfo` as an object of its entries by key, or `{}`. A post with no object
    /// is an output of every open screen that declares the notification.
    public static func notification(_ notification: Notification.Name, as name: String? = nil) -> ScreenOutput {
        let name = name ?? notification.rawValue
        return ScreenOutput(
            names: [name], schemas: [nil],
            connect: { model, send in
                let model = ObjectIdentifier(model)
                let observer = NotificationCenter.default.addObserver(forName: notification, object: nil, queue: nil) { posted in
                    if let object = posted.object, ObjectIdentifier(object as AnyObject) != model { return }
                    send(name, userInfo: posted.userInfo)
                }
                return NotificationObservation(observer)
            }, subscribe: nil)
    }

    /// Starts a subscription's task: where the session's queue of jobs exists, preferring it, so an
    /// element the view model sends during a command is handled before that command's reply.
    private static func subscription(_ body: @escaping @Sendable () async -> Void) -> Task<Void, Never> {
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *), let executor = OutputSubscriptions.executor {
            return Task(executorPreference: executor) { await body() }
        }
        return Task { @MainActor in await body() }
    }
}
