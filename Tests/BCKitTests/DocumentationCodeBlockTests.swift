import Foundation
import Testing

/// Docs that cannot rot: every Swift (and JSON) code block of the README, of every DocC catalog and
/// of every `///` doc comment under `Sources/` must appear, verbatim up to whitespace, in one Swift
/// source that CI compiles, under `Tests/` or `Examples/` (`Tests/AppleShims` is compiled by
/// `.ci/apple-shims.sh`, `Tests/Fuzz` by `.ci/fuzz.sh`, the rest by `swift build`). Editing a block
/// without its compiled twin fails here, naming the document or source file and the block's line.
///
/// How a block gets its context: a **compiled twin**, never a shared prelude. A doc comment's
/// block is usually a fragment (`owner.center.send(…)`, a method of a cell, one line of a
/// `View`) that assumes an owner, a conversation or a host the comment does not declare. Its twin
/// is a test that declares exactly that context around the verbatim block (nested in the test's
/// suite, or `private` to its file, so twins never collide), and where it is cheap asserts that
/// the block does what its comment says. A shared prelude was rejected: one set of declarations
/// cannot serve blocks that give one name (`CartConversation`, `GoodsViewController`) different
/// shapes, a block that declares a type cannot be pasted into a function, blocks of the Apple
/// adapters only compile against the stand-ins of `Tests/AppleShims`, and compiling extracted
/// text would need the compiler at test time. A block that cannot compile in any context (a
/// declaration and a statement side by side, which only top-level code allows) is split in its
/// comment instead.
///
/// The one exemption is Swift that is not code of this package: a manifest snippet for the user's
/// own `Package.swift`, recognised by its content (see ``CodeBlock/isManifestSnippet``). Shell
/// sessions, program output and diagrams are not Swift and say so with their fence's language
/// (`sh`, `text`); a fence without a language fails, so no Swift hides in one.
@Suite struct DocumentationCodeBlockTests {
    /// A fenced code block of a Markdown document or of a doc comment.
    struct CodeBlock: CustomStringConvertible {
        let language: String
        /// The lines between the fences, without the doc comment's `///` and without the fence's
        /// own indentation.
        let code: String
        /// The line of the opening fence in its file, counted from 1.
        let line: Int
        /// Whether a closing fence ends it before its document or doc comment does.
        var isClosed = true

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

    /// A line of text with its number in the file it comes from.
    typealias NumberedLine = (number: Int, text: Substring)

    /// The languages whose blocks must have a compiled twin.
    static let checkedLanguages: Set = ["swift", "json"]
    /// The languages of blocks that are not code of this package: shell sessions, output, diagrams.
    static let uncheckedLanguages: Set = ["sh", "text"]

    static let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The README and every article of every DocC catalog under `Sources/`, relative to the root.
    static var documents: [String] {
        let catalogs = files(under: "Sources") { $0.hasSuffix(".md") && $0.contains(".docc/") }
        return ["README.md"] + catalogs.map { "Sources/\($0)" }
    }

    /// The Swift sources under `Sources/` whose doc comments may hold a fenced block, relative to
    /// the root. A file with no fence at all cannot, and is left out so the test list stays short.
    static var documentedSources: [String] {
        files(under: "Sources") { $0.hasSuffix(".swift") }
            .map { "Sources/\($0)" }
            .filter { path in
                let text = (try? String(contentsOf: root.appending(path: path), encoding: .utf8)) ?? ""
                return text.contains("```")
            }
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
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        return codeBlocks(in: lines.map { (number: $0.offset + 1, text: $0.element) })
    }

    /// The fenced code blocks of the `///` doc comments of a Swift source, in order, each with the
    /// line of its opening fence in the source.
    ///
    /// A doc comment is a run of consecutive `///` lines; its Markdown is each line without its
    /// indentation, the `///` and the one space after it. A fence still open where the comment
    /// ends is returned unclosed: the code after the comment is not part of it.
    static func docCommentBlocks(in source: String) -> [CodeBlock] {
        var comments: [[NumberedLine]] = [[]]
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let text = docCommentText(of: line) {
                comments[comments.count - 1].append((number: index + 1, text: text))
            } else if !comments[comments.count - 1].isEmpty {
                comments.append([])
            }
        }
        return comments.flatMap { codeBlocks(in: $0) }
    }

    /// The Markdown of one doc comment line, or `nil` when the line is not a `///` comment.
    static func docCommentText(of line: Substring) -> Substring? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("///"), !trimmed.hasPrefix("////") else { return nil }
        let text = trimmed.dropFirst(3)
        return text.first == " " ? text.dropFirst() : text
    }

    /// The fenced code blocks of Markdown lines, in order. Content lines lose as many leading
    /// spaces as the opening fence has (Markdown's rule), so a fence in a list item yields the code
    /// as written.
    static func codeBlocks(in lines: [NumberedLine]) -> [CodeBlock] {
        var blocks: [CodeBlock] = []
        var open: (language: String, line: Int, indent: Int, lines: [Substring])?
        for line in lines {
            let trimmed = line.text.trimmingCharacters(in: .whitespaces)
            if var block = open {
                if trimmed == "```" {
                    let code = block.lines.joined(separator: "\n")
                    blocks.append(CodeBlock(language: block.language, code: code, line: block.line))
                    open = nil
                } else {
                    var content = line.text
                    for _ in 0..<block.indent where content.first == " " { content = content.dropFirst() }
                    block.lines.append(content)
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let indent = line.text.prefix { $0 == " " }.count
                open = (String(trimmed.dropFirst(3)), line.number, indent, [])
            }
        }
        if let block = open {
            let code = block.lines.joined(separator: "\n")
            blocks.append(CodeBlock(language: block.language, code: code, line: block.line, isClosed: false))
        }
        return blocks
    }

    /// The compiled source that holds the block, or `nil` when none does.
    static func compiledTwin(of block: CodeBlock, among sources: [(path: String, squeezed: String)]) -> String? {
        let code = squeezed(block.code)
        return sources.first { $0.squeezed.contains(code) }?.path
    }

    /// Where a block's failure is reported: at the block itself, so an editor shows it on the fence.
    static func location(of block: CodeBlock, in path: String) -> SourceLocation {
        let components = path.split(separator: "/")
        let module = components.count > 2 ? components[1] : "BCKit"
        return SourceLocation(
            fileID: "\(module)/\(components.last ?? "")", filePath: root.appending(path: path).path(),
            line: block.line, column: 1)
    }

    /// Checks each block of a document or source: a named language, a closing fence, a twin.
    static func expectCompiledTwins(of blocks: [CodeBlock], in path: String) {
        for block in blocks {
            let location = location(of: block, in: path)
            #expect(
                checkedLanguages.union(uncheckedLanguages).contains(block.language),
                "\(path):\(block.line): a fence must name its language (swift, json, sh or text)",
                sourceLocation: location)
            #expect(block.isClosed, "\(path):\(block.line): this fence is never closed", sourceLocation: location)
            guard checkedLanguages.contains(block.language), !block.isManifestSnippet else { continue }
            #expect(
                compiledTwin(of: block, among: compiledSources) != nil,
                "\(path):\(block.line): no compiled source under Tests/ or Examples/ holds this block: \(block.code.prefix(80))",
                sourceLocation: location)
        }
    }

    @Test(arguments: documents)
    func everyCodeBlockOfTheDocumentIsCompiledByATest(document: String) throws {
        let text = try String(contentsOf: Self.root.appending(path: document), encoding: .utf8)
        Self.expectCompiledTwins(of: Self.codeBlocks(in: text), in: document)
    }

    @Test(arguments: documentedSources)
    func everyCodeBlockOfTheSourcesDocCommentsIsCompiledByATest(source: String) throws {
        let text = try String(contentsOf: Self.root.appending(path: source), encoding: .utf8)
        Self.expectCompiledTwins(of: Self.docCommentBlocks(in: text), in: source)
    }

    @Test func theReadmeAndTheThreeCatalogsAreChecked() {
        let catalogs = Set(Self.documents.compactMap { $0.split(separator: "/").first { $0.hasSuffix(".docc") } })
        #expect(Self.documents.first == "README.md")
        #expect(catalogs.isSuperset(of: ["BCKit.docc", "BCKitModules.docc", "BCKitTesting.docc"]))
        #expect(Self.compiledSources.count > 50)
    }

    /// The README's documentation list names every article, so a newcomer finds each from the
    /// front page; a catalog's root page (titled with its module's symbol) is not an article.
    @Test(arguments: documents.dropFirst())
    func theReadmeLinksEveryArticle(article: String) throws {
        let text = try String(contentsOf: Self.root.appending(path: article), encoding: .utf8)
        guard !text.hasPrefix("# ``") else { return }
        let readme = try String(contentsOf: Self.root.appending(path: "README.md"), encoding: .utf8)
        #expect(readme.contains("](\(article))"), "README.md's Documentation list does not link \(article)")
    }

    /// The check would pass vacuously if the doc comments were never read: every library and
    /// adapter with examples in its comments is among the checked sources.
    @Test func theDocCommentsOfEveryLibraryAreChecked() throws {
        let sources = Self.documentedSources
        let targets = Set(sources.map { $0.split(separator: "/")[1] })
        #expect(
            targets.isSuperset(of: [
                "BCKit", "BCKitModules", "BCKitTesting", "BCKitInspector", "BCKitUIKit", "BCKitAppKit", "BCKitSwiftUI",
            ]))
        var swiftBlocks = 0
        for source in sources {
            let text = try String(contentsOf: Self.root.appending(path: source), encoding: .utf8)
            swiftBlocks += Self.docCommentBlocks(in: text).count { $0.language == "swift" }
        }
        #expect(swiftBlocks > 100)
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

    // MARK: - Doc comments

    /// A source with two documented declarations, the second with a block in a list item.
    static let documentedSource = """
        import BCKit

        /// Sends the cart's count.
        ///
        /// ```swift
        /// owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }
        /// ```
        func sendCount() {}

            /// Prints the state.
            ///
            /// - Note: as text:
            ///   ```text
            ///   Owner 'Cart' (loaded)
            ///   ```
            ///
            /// ```swift
            /// for event in [LifecycleEvent.didLoad, .willAppear] {
            ///     try owner.handle(event)
            /// }
            /// ```
            func describe() {}
        """

    @Test func aBlockInADocCommentIsFoundWithTheLineOfItsFence() {
        let blocks = Self.docCommentBlocks(in: Self.documentedSource)

        #expect(blocks.map(\.language) == ["swift", "text", "swift"])
        #expect(blocks.map(\.line) == [5, 13, 17])
        #expect(blocks.allSatisfy { $0.isClosed })
    }

    @Test func theSlashesAndTheIndentationOfADocCommentAreStripped() {
        let blocks = Self.docCommentBlocks(in: Self.documentedSource)

        #expect(blocks.first?.code == "owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }")
        #expect(blocks.dropFirst().first?.code == "Owner 'Cart' (loaded)")
        #expect(
            blocks.last?.code == """
                for event in [LifecycleEvent.didLoad, .willAppear] {
                    try owner.handle(event)
                }
                """)
    }

    @Test(
        arguments: [
            ("    /// ```swift", "```swift"),
            ("///let x = 1", "let x = 1"),
            ("/// ///", "///"),
            ("//// a divider", nil),
            ("// let x = 1", nil),
            ("let x = 1  /// trailing", nil),
        ] as [(String, String?)])
    func onlyTripleSlashLinesAreDocComments(line: String, text: String?) {
        #expect(Self.docCommentText(of: line[...]).map(String.init) == text)
    }

    @Test func codeOrAPlainCommentBetweenDocCommentsEndsTheirBlocks() {
        let source = """
            /// ```swift
            /// let first = 1
            func first() {}
            /// let second = 2
            /// ```
            // ```swift
            /// ```json
            /// {}
            /// ```
            """
        let blocks = Self.docCommentBlocks(in: source)

        #expect(blocks.map(\.line) == [1, 5, 7])
        #expect(blocks.map(\.isClosed) == [false, false, true])
        #expect(blocks.first?.code == "let first = 1")
    }

    @Test func anEditedDocCommentBlockLosesItsTwin() throws {
        let twin = """
            @Test func sendsTheCount() {
                owner.center.send((any CartConversation).self) { $0.cartDidChange(count: 3) }
            }
            """
        let sources = [(path: "Tests/BCKitTests/Twin.swift", squeezed: Self.squeezed(twin))]
        let block = try #require(Self.docCommentBlocks(in: Self.documentedSource).first)
        let edited = Self.documentedSource.replacingOccurrences(of: "count: 3", with: "count: 4")
        let editedBlock = try #require(Self.docCommentBlocks(in: edited).first)

        #expect(Self.compiledTwin(of: block, among: sources) == "Tests/BCKitTests/Twin.swift")
        #expect(Self.compiledTwin(of: editedBlock, among: sources) == nil)
    }

    @Test func aBlockWithoutALanguageOrAClosingFenceIsFound() {
        let blocks = Self.docCommentBlocks(
            in: """
                /// ```
                /// initial -load-> loaded
                /// ```
                ///
                /// ```swift
                /// let unfinished = true
                """)

        #expect(blocks.map(\.language) == ["", "swift"])
        #expect(blocks.map(\.isClosed) == [true, false])
    }
}
