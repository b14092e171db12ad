import Foundation

/// Dates as ISO 8601 text, the readable form of a `Date`: fractional seconds only when the date
/// has them, so a whole second reads `2026-12-03T09:30:00Z`.
///
/// Written in the proleptic Gregorian calendar ISO 8601 uses, in UTC, for every date a `Date`
/// can hold within about three million years of 1970: `Date.distantPast` is `0000-12-30T00:00:00Z`
/// (Foundation's calendar would say the Julian `0001-01-01`), a year past 9999 is `+10000-…` and
/// one before year 0 `-4713-…` (ISO 8601's expanded years), never clamped. Further out a date is
/// its description; a date of no moment at all (NaN or infinite seconds, whose description traps)
/// is its seconds as the readable forms write such a number, `nan`, `inf` or `-inf`, which reads back.
package enum ISODate {
    /// The farthest from 1970 a date is written as ISO text, in seconds: its milliseconds still fit an `Int64`.
    static let maximumSeconds = 1e14

    /// `date` as ISO 8601 in UTC.
    /// Milliseconds are rounded, not cut, so a date read back from its text (`…20.999Z`, which a
    /// `Double` holds as a hair under) is written as the same text again.
    package static func text(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return seconds.isNaN ? "nan" : seconds < 0 ? "-inf" : "inf" }
        guard seconds.magnitude < maximumSeconds else { return date.description }
        let milliseconds = Int64((seconds * 1000).rounded())
        let (whole, fraction) = floorDivision(milliseconds, 1000)
        let (days, secondOfDay) = floorDivision(whole, 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = yearText(year)
        text += "-" + twoDigits(month) + "-" + twoDigits(day)
        text += "T" + twoDigits(secondOfDay / 3600) + ":" + twoDigits(secondOfDay / 60 % 60) + ":" + twoDigits(secondOfDay % 60)
        if fraction != 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: 3 - digits.count) + digits
        }
        return text + "Z"
    }

    /// Reads an ISO 8601 date, with or without fractional seconds: the form ``text(_:)`` writes
    /// (expanded years too), else a form with a time zone offset as Foundation's ISO 8601 style reads it.
    package static func parse(_ text: String) -> Date? {
        if let date = parseUTC(Array(text.utf8)) { return date }
        // Foundation's style makes a day out of range the next one (`02-29` of 2025 is March 1st):
        // a UTC date is this parser's alone.
        guard !text.hasSuffix("Z") else { return nil }
        if let date = try? Date.ISO8601FormatStyle().parse(text) { return date }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    // MARK: Writing

    private static func yearText(_ year: Int64) -> String {
        let digits = String(year.magnitude)
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        if year < 0 { return "-" + padded }
        return year > 9999 ? "+" + padded : padded
    }

    private static func twoDigits(_ number: Int64) -> String {
        number < 10 ? "0\(number)" : "\(number)"
    }

    /// `a / b` rounded down, and the remainder in `0..<b`.
    private static func floorDivision(_ a: Int64, _ b: Int64) -> (quotient: Int64, remainder: Int64) {
        let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    /// The proleptic Gregorian year, month and day `days` after 1970-01-01 (days counted in
    /// 400-year eras of 146,097 days, each starting on a March 1st).
    static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let (era, dayOfEra) = floorDivision(days + 719_468, 146_097)
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The days from 1970-01-01 to the proleptic Gregorian `year`, `month`, `day`.
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let (era, yearOfEra) = floorDivision(year - (month <= 2 ? 1 : 0), 400)
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    // MARK: Reading

    /// Reads `[±]YYYY-MM-DDTHH:MM:SS[.fff]Z`, or returns `nil`.
    private static func parseUTC(_ text: [UInt8]) -> Date? {
        var index = 0
        func number(digits count: Int?) -> Int64? {
            var value: Int64 = 0
            let start = index
            while index < text.count, let digit = digitValue(text[index]), count.map({ index - start < $0 }) ?? (index - start < 7) {
                value = value * 10 + digit
                index += 1
            }
            guard index > start, count.map({ index - start == $0 }) ?? (index - start >= 4) else { return nil }
            return value
        }
        func skip(_ byte: UInt8) -> Bool {
            guard index < text.count, text[index] == byte else { return false }
            index += 1
            return true
        }
        let negative = skip(UInt8(ascii: "-"))
        let expanded = !negative && skip(UInt8(ascii: "+"))
        guard let unsignedYear = number(digits: nil), skip(UInt8(ascii: "-")), let month = number(digits: 2), skip(UInt8(ascii: "-")),
            let day = number(digits: 2), skip(UInt8(ascii: "T")), let hour = number(digits: 2), skip(UInt8(ascii: ":")),
            let minute = number(digits: 2), skip(UInt8(ascii: ":")), let second = number(digits: 2)
        else { return nil }
        var fraction = 0.0
        if skip(UInt8(ascii: ".")) {
            var scale = 0.1
            let start = index
            while index < text.count, let digit = digitValue(text[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard skip(UInt8(ascii: "Z")), index == text.count, expanded || negative || unsignedYear <= 9999 else { return nil }
        let year = negative ? -unsignedYear : unsignedYear
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60 else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second
        guard Double(seconds).magnitude < maximumSeconds else { return nil }
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func digitValue(_ byte: UInt8) -> Int64? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
