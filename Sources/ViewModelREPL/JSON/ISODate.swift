import Foundation

/// Dates as ISO 8601 text, the readable form of a `Date`: fractional seconds only when the date
/// has them, so a whole second reads `2026-12-03T09:30:00Z`.
package enum ISODate {
    /// `date` as ISO 8601 in UTC.
    package static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: seconds.rounded(.down) != seconds)
        return date.formatted(style)
    }

    /// Reads an ISO 8601 date, with or without fractional seconds.
    package static func parse(_ text: String) -> Date? {
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }
}
