import Foundation

/// Dates as ISO 8601 text, the readable form of a `Date`: fractional seconds only when the date
/// has them, so a whole second reads `2026-12-03T09:30:00Z`.
package enum ISODate {
    /// `date` as ISO 8601 in UTC.
    /// Milliseconds are rounded, not cut, so a date read back from its text (`…20.999Z`, which a
    /// `Double` holds as a hair under) is written as the same text again.
    package static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return date.description }
        let milliseconds = (seconds * 1000).rounded()
        let whole = (milliseconds / 1000).rounded(.down)
        let text = Date(timeIntervalSince1970: whole).formatted(Date.ISO8601FormatStyle())
        let fraction = Int(milliseconds - whole * 1000)
        guard fraction != 0, text.hasSuffix("Z") else { return text }
        let digits = String(fraction)
        return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
    }

    /// Reads an ISO 8601 date, with or without fractional seconds.
    package static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
