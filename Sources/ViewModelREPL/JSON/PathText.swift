/// How a path to a value is written as text (`users.value[0].name`, `files["a.b"]`): what a JSON
/// patch's paths and a mock's check name, and what ``StatePath`` reads back.
enum PathText {
    /// Appends the step to the member `key` to the path `text`: `.key`, or `["a.b"]` where the key
    /// holds what a plain step cannot (a dot, a bracket, a blank, a quote), so it reads back as written.
    static func append(key: String, to text: inout String) {
        let isPlain =
            !key.isEmpty
            && !key.utf8.contains { byte in
                byte == UInt8(ascii: ".") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "]") || byte == UInt8(ascii: "\"")
                    || byte == UInt8(ascii: "\\") || byte <= UInt8(ascii: " ") || byte == UInt8(ascii: "=")
            }
        if isPlain {
            if !text.isEmpty { text += "." }
            text += key
            return
        }
        text += "[\""
        for character in key {
            if character == "\"" || character == "\\" { text.append("\\") }
            text.append(character)
        }
        text += "\"]"
    }
}
