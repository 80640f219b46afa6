import Foundation
import Testing

/// Docs that cannot rot: every Swift (and JSON) code block of the README and of every DocC
/// catalog must appear, verbatim up to whitespace, in one Swift source that CI compiles, under
/// `Tests/` or `Examples/` (`Tests/AppleShims` is compiled by `.ci/apple-shims.sh`, `Tests/Fuzz` by
/// `.ci/fuzz.sh`, the rest by `swift build`). Editing a block without its compiled twin fails here.
///
/// The one exemption is Swift that is not code of this package: a manifest snippet for the user's
/// own `Package.swift`, recognised by its content (see ``CodeBlock/isManifestSnippet``). Shell
/// sessions and program output are not Swift and say so with their fence's language (`sh`,
/// `text`); a fence without a language fails, so no Swift hides in one.
@Suite struct DocumentationCodeBlockTests {
    /// A fenced code block of a Markdown document.
    struct CodeBlock: CustomStringConvertible {
        let language: String
        let code: String
        let line: Int

        /// Whether this Swift block is a fragment of a user's `Package.swift` (every line a
        /// `.package`, `.target` or `.product` call or a comment), which this package cannot compile.
        var isManifestSnippet: Bool {
            let lines = code.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            let manifestCalls = [".package(", ".target(", ".testTarget(", ".product(", "]", ")"]
            return language == "swift"
                && lines.allSatisfy { line in
                    line.isEmpty || line.hasPrefix("//") || manifestCalls.contains { line.hasPrefix($0) }
                }
        }

        var description: String { "line \(line): \(code.prefix(80))" }
    }

    /// The languages whose blocks must have a compiled twin.
    static let checkedLanguages: Set = ["swift", "json"]
    /// The languages of blocks that are not code of this package: shell sessions and output.
    static let uncheckedLanguages: Set = ["sh", "text"]

    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README and every article of every DocC catalog under `Sources/`, relative to the root.
    static var documents: [String] {
        let catalogs = files(under: "Sources") { $0.hasSuffix(".md") && $0.contains(".docc/") }
        return ["README.md"] + catalogs.map { "Sources/\($0)" }
    }

    /// The Swift sources CI compiles where a document's code may live, text keyed by path.
    static let compiledSources: [(path: String, squeezed: String)] = ["Tests", "Examples"].flatMap { folder in
        files(under: folder) { $0.hasSuffix(".swift") && !$0.hasPrefix("AppleShims/Adapters/") }
            .map { path in
                let text = (try? String(contentsOf: root.appending(path: "\(folder)/\(path)"), encoding: .utf8)) ?? ""
                return (path: "\(folder)/\(path)", squeezed: squeezed(text))
            }
    }

    /// The paths under a folder of the root that pass `include`, sorted, build folders left out.
    static func files(under folder: String, where include: (String) -> Bool) -> [String] {
        let paths = FileManager.default.subpaths(atPath: root.appending(path: folder).path()) ?? []
        return paths.filter { path in
            include(path) && !path.split(separator: "/").contains { $0.hasPrefix(".build") }
        }
        .sorted()
    }

    /// Text without any whitespace, so a block and the formatted code that compiles it compare.
    static func squeezed(_ text: some StringProtocol) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// The fenced code blocks of a Markdown text, in order.
    static func codeBlocks(in markdown: String) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (language: String, line: Int, lines: [Substring])?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    blocks.append(
                        CodeBlock(language: block.language, code: block.lines.joined(separator: "\n"), line: block.line)
                    )
                    open = nil
                } else {
                    block.lines.append(line)
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                open = (String(trimmed.dropFirst(3)), index + 1, [])
            }
        }
        return blocks
    }

    /// The compiled source that holds the block, or `nil` when none does.
    static func compiledTwin(of block: CodeBlock, among sources: [(path: String, squeezed: String)]) -> String? {
        let code = squeezed(block.code)
        return sources.first { $0.squeezed.contains(code) }?.path
    }

    @Test(arguments: documents)
    func everyCodeBlockOfTheDocumentIsCompiledByATest(document: String) throws {
        let text = try String(contentsOf: Self.root.appending(path: document), encoding: .utf8)
        for block in Self.codeBlocks(in: text) {
            #expect(
                Self.checkedLanguages.union(Self.uncheckedLanguages).contains(block.language),
                "\(document) \(block.line): a fence must name its language (swift, json, sh or text)")
            guard Self.checkedLanguages.contains(block.language), !block.isManifestSnippet else { continue }
            #expect(
                Self.compiledTwin(of: block, among: Self.compiledSources) != nil,
                "\(document), \(block): no compiled source under Tests/ or Examples/ holds this block")
        }
    }

    @Test func theReadmeAndTheThreeCatalogsAreChecked() {
        let catalogs = Set(Self.documents.compactMap { $0.split(separator: "/").first { $0.hasSuffix(".docc") } })
        #expect(Self.documents.first == "README.md")
        #expect(catalogs.isSuperset(of: ["BCKit.docc", "BCKitModules.docc", "BCKitTesting.docc"]))
        #expect(Self.compiledSources.count > 50)
    }

    @Test func aBlockEditedWithoutItsTwinHasNoTwin() {
        let sources = [(path: "Tests/Twin.swift", squeezed: Self.squeezed("let answer = 42\nprint(answer)\n"))]
        let twin = CodeBlock(language: "swift", code: "let answer = 42\n  print( answer )", line: 1)
        let edited = CodeBlock(language: "swift", code: "let answer = 43\nprint(answer)", line: 1)

        #expect(Self.compiledTwin(of: twin, among: sources) == "Tests/Twin.swift")
        #expect(Self.compiledTwin(of: edited, among: sources) == nil)
    }

    @Test func onlyManifestSnippetsAreExemptSwift() {
        let blocks = Self.codeBlocks(
            in: """
                ```swift
                // By URL:
                .package(url: "https://example.com/BCKit.git", branch: "main"),
                .target(name: "Shop", dependencies: [.product(name: "BCKit", package: "BCKit")]),
                ```
                ```swift
                let owner = Owner(name: "Shop")
                .package(path: "..")
                ```
                ```sh
                swift test
                ```
                """)

        #expect(blocks.map(\.language) == ["swift", "swift", "sh"])
        #expect(blocks.map(\.isManifestSnippet) == [true, false, false])
    }
}
