import ExampleScreens
import Foundation
import Testing
import ViewModelREPL

/// The manual page, `help` and `--help` come from, or are checked against, the same tables.
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let manual = root.appendingPathComponent("man/vmrepl.1")

    /// The `.It` lines of the manual's section `heading` (a `.Sh` or `.Ss` title).
    private func items(in heading: String) throws -> [String] {
        let lines = try String(contentsOf: Self.manual, encoding: .utf8).split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0 == ".Sh \(heading)" || $0 == ".Ss \(heading)" }) else { return [] }
        var depth = 0
        var items: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix(".Sh ") || line.hasPrefix(".Ss ") { break }
            if line.hasPrefix(".Bl") { depth += 1 }
            if line.hasPrefix(".El") { depth -= 1 }
            if depth == 1, line.hasPrefix(".It ") { items.append(String(line.dropFirst(4))) }
        }
        return items
    }

    @Test func manualListsEveryCommandInTheCatalogsOrder() throws {
        let names = try items(in: "Commands").compactMap { item -> String? in
            let words = item.split(separator: " ")
            return words.first == "Cm" && words.count > 1 ? String(words[1]) : nil
        }
        #expect(names == CommandTable.names)
    }

    @Test func manualListsEveryOption() throws {
        let names = try items(in: "OPTIONS").compactMap { item -> String? in
            guard let range = item.range(of: "Fl \\-") else { return nil }
            return String(item[range.upperBound...].prefix { $0.isLetter || $0 == "-" })
        }
        #expect(Set(names) == Set(OptionTable.options.map(\.name) + ["posts-url"]))
    }

    @Test func manualListsEveryExitStatus() throws {
        let statuses = try items(in: "EXIT STATUS").compactMap { Int32($0) }
        #expect(Set(statuses) == Set(ExitStatus.allCases.map(\.rawValue)))
    }

    /// The manual names every example screen vmrepl ships, and `--junit` for each command that takes it.
    @Test func manualNamesEveryExampleScreenAndWhereJUnitApplies() throws {
        let text = try String(contentsOf: Self.manual, encoding: .utf8)
        let lines = text.split(separator: "\n").map(String.init)
        let description = lines.drop { $0 != ".Sh DESCRIPTION" }.prefix { $0 != ".Ss Commands" }
        for name in ExampleScreens.registry(postsURL: nil).names {
            #expect(description.contains { $0 == ".Cm \(name)" || $0.hasPrefix(".Cm \(name) ") }, "the manual lacks the screen \(name)")
        }
        let synopsis = lines.drop { $0 != ".Sh SYNOPSIS" }.prefix { $0 != ".Sh DESCRIPTION" }
        for command in ["run", "test", "explore"] {
            let section = synopsis.drop { $0 != ".Cm \(command)" }.dropFirst().prefix { $0 != ".Nm" }
            #expect(section.contains(".Op Fl \\-junit Ns = Ns Ar file"), "the synopsis of \(command) lacks --junit")
        }
        let junit = lines.drop { $0 != ".It Fl \\-junit Ns = Ns Ar file" }.dropFirst().prefix { !$0.hasPrefix(".It ") }
        for command in ["run", "test", "explore"] { #expect(junit.contains { $0.hasPrefix(".Cm \(command)") }, "--junit's entry lacks \(command)") }
    }

    /// The README is a front page: at most 300 lines, its tour calling the binary `make run` builds
    /// by its path (it is not on the PATH), the hosting details it moved kept in docs/HOSTING.md.
    @Test func theReadmeIsAFrontPage() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
        #expect(readme.hasPrefix("# vmrepl\n"))
        #expect(readme.contains("| .build/debug/vmrepl\n"))
        #expect(!readme.contains("| vmrepl\n"))
        #expect(!readme.contains("$ vmrepl "))
        for link in ["docs/HOSTING.md", "docs/PERFORMANCE.md", "docs/PROTOCOL.md", "clients/python"] { #expect(readme.contains("(\(link)"), "\(link)") }
        let hosting = try String(contentsOf: Self.root.appendingPathComponent("docs/HOSTING.md"), encoding: .utf8)
        #expect(hosting.contains("**Work started in `init` or the factory.**"))
    }

    @Test func manualPassesMandocLint() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["mandoc", "-Tlint", "-Wwarning", Self.manual.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "")
        #expect(process.terminationStatus == 0)
    }

    /// The sources use Swift 6.2 (`Task.immediate`, `SendableMetatype`, `Attachment.record`): every
    /// package says so, and the macOS job picks an Xcode with it rather than the image's default.
    @Test func packagesAndCIAskForTheSwiftTheSourcesUse() throws {
        for package in ["Package.swift", "TestApps/TeamTests/Package.swift", "Examples/App/Package.swift"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(package), encoding: .utf8)
            #expect(text.hasPrefix("// swift-tools-version:6.2\n"), "\(package)")
        }
        let workflow = try String(contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        #expect(workflow.contains("xcode-select -s"))
        #expect(workflow.contains("Xcode_26"))
        #expect(workflow.contains("brew install tmux mandoc"))
        #expect(!workflow.contains("actions/checkout@v4"))
    }

    @Test func protocolDocumentListsEveryErrorCode() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
        for code in ReplError.Code.allCases {
            #expect(text.contains("| `\(code.rawValue)` |"), "docs/PROTOCOL.md does not list \(code.rawValue)")
        }
        for entry in CommandTable.specs {
            #expect(text.contains("`\(entry.name)"), "docs/PROTOCOL.md does not list \(entry.name)")
        }
    }

    @Test func mcpDocumentListsEveryTool() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("docs/MCP.md"), encoding: .utf8)
        for spec in CommandTable.specs where spec.tool != nil {
            #expect(text.contains("`\(spec.name)`"), "docs/MCP.md does not list \(spec.name)")
        }
    }
}
