/// What an action's method returned: its reply's `result` and the `@result` path's value; nothing
/// for a method that returns nothing.
///
/// Generated code wraps every call in `ActionResult.of`: the compiler picks the `Void`
/// overload for a method that returns nothing and the generic one for any other, so a
/// `canAdd(name:) -> Bool` answers `"result":true`.
public struct ActionResult {
    /// The value returned; `nil` for nothing.
    let value: Any?

    /// Nothing returned.
    public static var none: ActionResult { ActionResult(value: nil) }

    /// A value a method returned.
    public static func of<Value>(_ value: Value) -> ActionResult {
        ActionResult(value: value)
    }

    /// A method that returns nothing.
    public static func of(_ value: Void) -> ActionResult {
        .none
    }
}
