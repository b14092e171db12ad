/// Reads and writes durations as the protocol spells them: `2s`, `500ms`, `1.5s`, `1m`, `250us`.
package enum DurationText {
    /// Parses `text`; returns `nil` when it is not a duration.
    package static func parse(_ text: String) -> Duration? {
        let units: [(String, Double)] = [("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9), ("s", 1), ("m", 60), ("h", 3600)]
        for (suffix, scale) in units where text.hasSuffix(suffix) {
            guard let number = Double(text.dropLast(suffix.count)), number.isFinite, number >= 0, number * scale < 1e9 else { return nil }
            return .nanoseconds(Int64((number * scale * 1e9).rounded()))
        }
        return nil
    }

    /// Seconds as a JSON number, for durations in output.
    package static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
