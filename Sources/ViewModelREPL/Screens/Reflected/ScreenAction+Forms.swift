/// Actions whose arguments are read through ``ArgumentForm``s and whose result is kept: what
/// `vmrepl-screens` writes, so the compiler, not a list of type names, decides what can be sent.
extension ScreenAction {
    /// An action without arguments, its result kept.
    public static func call(_ name: String, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model) async throws -> ActionResult)
        -> ScreenAction
    {
        ScreenAction(name: name, arguments: [], drives: drives) { _ in .async(body) }
    }

    /// A sync action without arguments, its result kept.
    public static func call(_ name: String, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model) throws -> ActionResult) -> ScreenAction {
        ScreenAction(name: name, arguments: [], drives: drives) { _ in .sync(body) }
    }

    /// An action with one argument read by `a`.
    public static func call<A>(
        _ name: String, _ a: ArgumentForm<A>, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model, A) async throws -> ActionResult
    ) -> ScreenAction {
        var action = reading(name, [a.argument], drives) { members in
            let first = try a.read(from: members)
            return sendingCall(first) { first in .async { model in try await body(model, first) } }
        }
        action.variants = (a.cases ?? []).map { form in
            reading("\(name).\(form.name)", form.arguments, []) { members in
                sendingCall(try form.make(members)) { value in .async { model in try await body(model, value) } }
            }
        }
        return action
    }

    /// A sync action with one argument read by `a`.
    public static func call<A>(
        _ name: String, _ a: ArgumentForm<A>, drives: LoadCommands = [], _ body: @escaping @MainActor @Sendable (Model, A) throws -> ActionResult
    ) -> ScreenAction {
        var action = reading(name, [a.argument], drives) { members in
            let first = try a.read(from: members)
            return sendingCall(first) { first in .sync { model in try body(model, first) } }
        }
        action.variants = (a.cases ?? []).map { form in
            reading("\(name).\(form.name)", form.arguments, []) { members in
                sendingCall(try form.make(members)) { value in .sync { model in try body(model, value) } }
            }
        }
        return action
    }

    /// An action with two arguments.
    public static func call<A, B>(
        _ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B) async throws -> ActionResult
    ) -> ScreenAction {
        reading(name, [a.argument, b.argument], drives) { members in
            let values = (try a.read(from: members), try b.read(from: members))
            return sendingCall(values) { values in .async { model in try await body(model, values.0, values.1) } }
        }
    }

    /// A sync action with two arguments.
    public static func call<A, B>(
        _ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B) throws -> ActionResult
    ) -> ScreenAction {
        reading(name, [a.argument, b.argument], drives) { members in
            let values = (try a.read(from: members), try b.read(from: members))
            return sendingCall(values) { values in .sync { model in try body(model, values.0, values.1) } }
        }
    }

    /// An action with three arguments.
    public static func call<A, B, C>(
        _ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, _ c: ArgumentForm<C>, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B, C) async throws -> ActionResult
    ) -> ScreenAction {
        reading(name, [a.argument, b.argument, c.argument], drives) { members in
            let values = (try a.read(from: members), try b.read(from: members), try c.read(from: members))
            return sendingCall(values) { values in .async { model in try await body(model, values.0, values.1, values.2) } }
        }
    }

    /// A sync action with three arguments.
    public static func call<A, B, C>(
        _ name: String, _ a: ArgumentForm<A>, _ b: ArgumentForm<B>, _ c: ArgumentForm<C>, drives: LoadCommands = [],
        _ body: @escaping @MainActor @Sendable (Model, A, B, C) throws -> ActionResult
    ) -> ScreenAction {
        reading(name, [a.argument, b.argument, c.argument], drives) { members in
            let values = (try a.read(from: members), try b.read(from: members), try c.read(from: members))
            return sendingCall(values) { values in .sync { model in try body(model, values.0, values.1, values.2) } }
        }
    }

    /// An action whose arguments are read when it is sent; one an argument cannot be sent for
    /// says why, naming the argument.
    private static func reading(
        _ name: String, _ arguments: [EventArgument], _ drives: LoadCommands, _ prepare: @escaping @Sendable ([(key: String, value: JSONValue)]) throws -> Call
    ) -> ScreenAction {
        ScreenAction(name: name, arguments: arguments, drives: drives, prepare: prepare)
    }

    /// The call made with values just read, which nothing else holds.
    private static func sendingCall<Values>(_ values: sending Values, _ make: (sending Values) -> Call) -> Call {
        make(values)
    }
}
