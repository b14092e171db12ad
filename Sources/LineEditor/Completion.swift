/// What a tab press inserts, given the word under the cursor and the words that may complete it.
package enum Completion {
    /// The text to insert after `prefix`, and whether the candidates left more than one choice.
    package static func insertion(for prefix: String, candidates: [String]) -> (text: String, isAmbiguous: Bool) {
        let matches = candidates.filter { $0.hasPrefix(prefix) }
        guard let first = matches.first else { return ("", false) }
        if matches.count == 1 {
            let rest = String(first.dropFirst(prefix.count))
            return (first.hasSuffix("=") ? rest : rest + " ", false)
        }
        var common = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        return (String(common.dropFirst(prefix.count)), true)
    }
}
