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

        struct Kind: Decodable { let identifier: String }
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
    }
}
