import Foundation

/// The parts of a symbol graph file (what `swift-symbolgraph-extract` and SwiftPM's
/// `getSymbolGraph` write) that say which classes a module has and what they declare.
struct SymbolGraph: Decodable {
    let symbols: [Symbol]
    let relationships: [Relationship]

    /// One declaration.
    struct Symbol: Decodable {
        let kind: Kind
        let identifier: Identifier
        /// The names from the module down: `["SearchViewModel", "toggleFavorite(_:)"]`.
        let pathComponents: [String]
        let accessLevel: String
        let declarationFragments: [Fragment]?
        let functionSignature: FunctionSignature?
        let swiftGenerics: Generics?
        /// Where it is declared: the source file's URI and the 0-based line and column.
        let location: Location?

        struct Kind: Decodable { let identifier: String }
        struct Location: Decodable {
            let uri: String
            let position: Position
        }
        struct Position: Decodable {
            let line: Int
            let character: Int
        }
        struct Identifier: Decodable { let precise: String }
        struct Generics: Decodable { let parameters: [Parameter]? }
        struct Parameter: Decodable { let name: String }

        /// The declaration as one line of text.
        var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }

        /// Whether the declaration has `keyword` as a keyword of its own (`async`, `throws`),
        /// whatever the return type or a typed `throws(E)` that follows it.
        func hasKeyword(_ keyword: String) -> Bool {
            (declarationFragments ?? []).contains { $0.kind == "keyword" && $0.spelling == keyword }
        }
    }

    /// One piece of a declaration's text.
    struct Fragment: Decodable {
        let kind: String
        let spelling: String
        /// The symbol a type's name stands for (`s:1M6PostIDa`, the module's own `PostID` alias):
        /// what tells a module's own `Date` from Foundation's.
        var preciseIdentifier: String? = nil

        /// The fragments after a declaration's first `:` (a parameter's or property's type), up to a
        /// text fragment holding one of `ends` (` { get set }`, ` = 1`), without `inout` and its space.
        static func afterColon(_ fragments: [Fragment], until ends: [Character] = []) -> [Fragment] {
            guard let colon = fragments.firstIndex(where: { $0.kind == "text" && $0.spelling.contains(":") }) else { return [] }
            var out: [Fragment] = []
            let rest = fragments[colon].spelling.drop { $0 != ":" }.dropFirst()
            for fragment in [Fragment(kind: "text", spelling: String(rest))] + fragments[(colon + 1)...] {
                if fragment.kind == "text", let end = fragment.spelling.firstIndex(where: { ends.contains($0) }) {
                    out.append(Fragment(kind: "text", spelling: String(fragment.spelling[..<end])))
                    break
                }
                if fragment.kind == "keyword", fragment.spelling == "inout" { continue }
                out.append(fragment)
            }
            return out
        }
    }

    /// A function's parameters, each with its text (`name: String`).
    struct FunctionSignature: Decodable {
        let parameters: [Parameter]?
        let returns: [Fragment]?

        struct Parameter: Decodable {
            /// The label, or the parameter's own name where its label is `_`.
            let name: String
            /// The parameter's own name, where it differs from its label.
            let internalName: String?
            let declarationFragments: [Fragment]

            /// Whether it is `inout`.
            var isInout: Bool { declarationFragments.contains { $0.kind == "keyword" && $0.spelling == "inout" } || type.hasPrefix("inout ") }

            /// The fragments of the parameter's type.
            var typeFragments: [Fragment] { Fragment.afterColon(declarationFragments) }

            /// The parameter's type as written: what follows its name's colon.
            var type: String {
                let text = declarationFragments.map(\.spelling).joined()
                guard let colon = text.range(of: ": ") else { return text }
                return String(text[colon.upperBound...]).trimmingCharacters(in: .whitespaces)
            }
        }
    }

    /// A relation between two declarations: `memberOf`, `conformsTo`, `inheritsFrom`.
    struct Relationship: Decodable {
        let kind: String
        let source: String
        let target: String
        let targetFallback: String?
        /// For a member a protocol extension gives a class (`Stateful.send(_:)`): the member it copies.
        let sourceOrigin: Origin?

        /// The declaration a synthesized member copies.
        struct Origin: Decodable {
            let identifier: String
        }
    }
}
