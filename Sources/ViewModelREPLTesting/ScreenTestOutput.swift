import ViewModelREPL

/// One thing the view model of a ``ScreenTest`` told the app to do (navigate, dismiss, report a
/// result): an `output` line, with the step that caused it.
///
/// ```swift
/// try await checkout.send("event cancel")
/// #expect(checkout.outputs.map(\.name) == ["onCancel"])
/// let receipt = try checkout.outputs(named: "onFinished", as: Receipt.self).last
/// ```
public struct ScreenTestOutput: Sendable, Equatable, CustomStringConvertible {
    /// The output's name, as the screen's registration names it (`onFinished`).
    public let name: String
    /// The screen that sent it.
    public let screen: String
    /// The step (its command line) whose request the output carries: the step that ran the work
    /// that sent it, which may be an earlier step than the one it arrived in.
    public let command: String
    /// The value as JSON, as the output line writes it (`{}` for an output of no value).
    package let value: JSONValue

    /// The value as JSON text, as the output line writes it: `{"id":7,"total":30}`.
    public var json: String { JSONWriter.string(value) }

    /// `→ onFinished {"id":7,"total":30}`.
    public var description: String { "→ \(name) \(json)" }

    /// The value decoded as `type` (dates as ISO 8601 text or numbers, as arguments are).
    /// - Throws: A `DecodingError` when the value is not a `Value`.
    public func value<Value: Decodable>(as type: Value.Type = Value.self) throws -> Value {
        try ArgumentDecoding.decode(type, from: value)
    }
}
