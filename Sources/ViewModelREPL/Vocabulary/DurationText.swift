/// Writes durations as the protocol spells them (reading them is ``DurationText`` in Parsing): `2s`, `500ms`, `1.5s`, `1m`, `250us`.
package enum DurationText {
    /// The longest duration accepted, in seconds, and accepted itself: 9×10¹⁸, also where virtual
    /// time ends; short of what `Duration` holds in whole seconds and exactly a `Double`, so the
    /// text at the edge reads as the edge.
    static let limit: Double = 9e18
    /// The limit as the messages and the manual write it.
    static let limitText = "\(Int64(limit))s"

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
