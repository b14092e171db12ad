/// Appends JSON text to a byte buffer: strings escaped so every line stays one valid UTF-8 line.
package enum JSONWriter {
    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `value` as compact JSON.
    package static func append(_ value: JSONValue, to out: ByteBuffer) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .int(let number): append(number, to: out)
        case .double(let number): out.append(utf8: formatDouble(number))
        case .number(let text): out.append(utf8: text)
        case .string(let text): append(string: text, to: out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (offset, element) in elements.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                append(element, to: out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (offset, member) in members.enumerated() {
                if offset > 0 { out.append(UInt8(ascii: ",")) }
                append(string: member.key, to: out)
                out.append(UInt8(ascii: ":"))
                append(member.value, to: out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// The compact JSON text of `value`.
    package static func string(_ value: JSONValue) -> String {
        let out = ByteBuffer()
        append(value, to: out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The compact JSON text of `value`, as bytes.
    package static func bytes(_ value: JSONValue) -> [UInt8] {
        let out = ByteBuffer()
        append(value, to: out)
        return out.array
    }

    /// Appends a decimal integer without going through `String`.
    package static func append(_ number: Int, to out: ByteBuffer) {
        if number == 0 {
            out.append(UInt8(ascii: "0"))
            return
        }
        var magnitude = number.magnitude
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for position in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[position]) }
        }
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    /// - Parameter namingBackspaceAndFormFeed: Writes U+0008 and U+000C as `\b` and `\f`, as
    ///   JSONEncoder does (states); protocol fields write them as `\u0008` and `\u000c`.
    package static func append(string text: String, to out: ByteBuffer, namingBackspaceAndFormFeed: Bool = false) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var position = ByteScan.stringEnd(bytes, from: 0)
            while position < bytes.count {
                let byte = bytes[position]
                out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<position]))
                runStart = position + 1
                out.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                case 0x08 where namingBackspaceAndFormFeed: out.append(UInt8(ascii: "b"))
                case 0x0C where namingBackspaceAndFormFeed: out.append(UInt8(ascii: "f"))
                default:
                    out.append("u00")
                    out.append(hex[Int(byte >> 4)])
                    out.append(hex[Int(byte & 0x0F)])
                }
                position = ByteScan.stringEnd(bytes, from: position + 1)
            }
            out.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[runStart..<bytes.count]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func formatDouble(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return number == 0 && number.sign == .minus ? "-0" : String(Int(number)) }
        return "\(number)"
    }
}
