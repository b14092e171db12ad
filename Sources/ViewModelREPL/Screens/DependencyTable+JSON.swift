/// Calls and stubs as JSON, for replies and for `@calls` in conditions.
extension DependencyTable.Call {
    /// `{"input":…,"started":0,"ended":2,"outcome":"value","value":…}`; times in seconds on the
    /// session clock, `ended` null while running, `value` or `error` as the outcome has one.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("input", input ?? .null),
            ("started", .double(DurationText.seconds(started))),
            ("ended", ended.map { .double(DurationText.seconds($0)) } ?? .null),
        ]
        switch outcome {
        case .running: members.append(("outcome", .string("running")))
        case .cancelled: members.append(("outcome", .string("cancelled")))
        case .value(let value):
            members.append(("outcome", .string("value")))
            members.append(("value", value))
        case .error(let message):
            members.append(("outcome", .string("error")))
            members.append(("error", .string(message)))
        }
        return .object(members)
    }
}

extension DependencyTable.Stub {
    /// `{"value":…}` or `{"error":"…"}` or `{"hang":true}`, with `delay` and `times` when set.
    package var json: JSONValue {
        var members: [(key: String, value: JSONValue)] = []
        switch answer {
        case .value(let value): members.append(("value", value))
        case .error(let message): members.append(("error", .string(message)))
        case .hang: members.append(("hang", .bool(true)))
        }
        if let delay { members.append(("delay", .double(DurationText.seconds(delay)))) }
        if let times { members.append(("times", .int(times))) }
        return .object(members)
    }
}
