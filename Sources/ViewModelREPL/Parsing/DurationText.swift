/// Reads and writes durations as the protocol spells them: `2s`, `500ms`, `1.5s`, `1m`, `250us`.
package enum DurationText {
    /// The longest duration accepted, in seconds, and accepted itself: 9×10¹⁸, as far as virtual
    /// time goes (``TimeDriver/endOfTime``), short of what `Duration` holds in whole seconds and
    /// exactly a `Double`, so the text at the edge reads as the edge.
    static let limit: Double = TimeDriver.endOfTime
    /// The limit as the messages and the manual write it.
    static let limitText = "\(Int64(limit))s"

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
        default: return nil
        }
    }

    /// `seconds` as a duration, to the nanosecond; past the limit, an error quoting `text`.
    private static func duration(seconds: Double, text: String) throws(ReplError) -> Duration {
        guard seconds <= limit else { throw ReplError(.durationTooLong(text)) }
        let whole = seconds.rounded(.down)
        return .seconds(Int64(whole)) + .nanoseconds(Int64(((seconds - whole) * 1e9).rounded()))
    }

    /// `duration` as the protocol writes it, read back exactly: `2s`, `500ms`, `250us`, `3ns`.
    package static func text(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard attoseconds != 0 else { return "\(seconds)s" }
        // Nanoseconds are what a duration read from text holds; past 9×10⁹ s they would not fit.
        guard seconds < 9_000_000_000 else { return "\(Self.seconds(duration))s" }
        let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
        if nanoseconds % 1_000_000 == 0 { return "\(nanoseconds / 1_000_000)ms" }
        if nanoseconds % 1_000 == 0 { return "\(nanoseconds / 1_000)us" }
        return "\(nanoseconds)ns"
    }

    /// Seconds as a JSON number, for durations in output.
    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
