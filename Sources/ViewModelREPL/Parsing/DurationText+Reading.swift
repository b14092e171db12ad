/// Reading durations from a line: the text forms (`2s`, `500ms`) and a JSON request's seconds.
extension DurationText {
    private static let units: [(suffix: String, scale: Double)] = [("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9), ("s", 1), ("m", 60), ("h", 3600)]

    /// Parses `text`; returns `nil` when it is not a duration or is too long.
    package static func parse(_ text: String) -> Duration? {
        try? read(text)
    }

    /// Parses `text`.
    /// - Throws: ``ReplError`` `badDuration` when it is not a duration, `durationTooLong` when it is past the limit.
    package static func read(_ text: String) throws(ReplError) -> Duration {
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            // Whole seconds are compared with the limit exactly: past it, a Double would round back to it.
            if scale == 1, let whole = UInt64(text.dropLast(suffix.count)), whole > UInt64(limit) { throw ReplError(.durationTooLong(text)) }
            guard let number = Double(text.dropLast(suffix.count)), number.isFinite, number >= 0 else { break }
            return try duration(seconds: number * scale, text: text)
        }
        throw ReplError(.badDuration(text))
    }

    /// A number of seconds from a JSON request; `nil` when negative.
    /// - Throws: ``ReplError`` `durationTooLong` past the limit.
    static func seconds(_ value: JSONValue) throws(ReplError) -> Duration? {
        switch value {
        case .int(let seconds) where seconds >= 0:
            if Double(seconds) > limit { throw ReplError(.durationTooLong(JSONWriter.string(value))) }
            return .seconds(seconds)
        case .double(let seconds) where seconds >= 0 && seconds.isFinite: return try duration(seconds: seconds, text: JSONWriter.string(value))
        // A number kept as text: a long fraction reads as a Double; past the range (`1e400`), too long.
        case .number(let text) where !text.hasPrefix("-"):
            guard let seconds = Double(text), seconds.isFinite else { throw ReplError(.durationTooLong(text)) }
            return try duration(seconds: seconds, text: text)
        default: return nil
        }
    }

    /// `seconds` as a duration, to the nanosecond; past the limit, an error quoting `text`.
    private static func duration(seconds: Double, text: String) throws(ReplError) -> Duration {
        guard seconds <= limit else { throw ReplError(.durationTooLong(text)) }
        let whole = seconds.rounded(.down)
        return .seconds(Int64(whole)) + .nanoseconds(Int64(((seconds - whole) * 1e9).rounded()))
    }
}
