import Testing

@Suite struct LexerTests {
    /// The texts of the tokens of `source`, the end left out.
    private func texts(_ source: String) -> [String] {
        Lexer.tokens(of: source).filter { $0.kind != .end }.map(\.text)
    }

    @Test(arguments: [
        ("a // { \" \n b", ["a", "b"]),
        ("a /* { /* nested } */ \" */ b", ["a", "b"]),
        ("a /// doc {\n b", ["a", "b"]),
        ("a /** doc { */ b", ["a", "b"]),
    ])
    func commentsHideBracesAndQuotes(source: String, expected: [String]) {
        #expect(texts(source) == expected)
    }

    @Test(arguments: [
        (#"x = "a { \" b" y"#, #""a { \" b""#),
        ("x = \"\"\"\n  { \"quoted\" }\n  \"\"\" y", "\"\"\"\n  { \"quoted\" }\n  \"\"\""),
        (##"x = #"a " { \"# y"##, ##"#"a " { \"#"##),
        (###"x = ##"a "# }"## y"###, ###"##"a "# }"##"###),
        (##"x = #"""\n  "" } \n  """# y"##, ##"#"""\n  "" } \n  """#"##),
        (#"x = "a \(f("}", [1, 2])) b" y"#, #""a \(f("}", [1, 2])) b""#),
        (#"x = "a \( /* ) */ g(")") ) b" y"#, #""a \( /* ) */ g(")") ) b""#),
    ])
    func aStringLiteralIsOneTokenWhateverItHolds(source: String, literal: String) {
        let tokens = Lexer.tokens(of: source)
        #expect(tokens.map(\.text) == ["x", "=", literal, "y", ""])
        #expect(tokens[2].kind == .string)
    }

    @Test func anExtendedRegexLiteralIsOneToken() {
        let tokens = Lexer.tokens(of: "let r = #/a{2}\"/# ; b")
        #expect(tokens.map(\.text) == ["let", "r", "=", "#/a{2}\"/#", ";", "b", ""])
        #expect(tokens[3].kind == .regex)
    }

    @Test func linesAreCountedThroughMultiLineStringsAndComments() {
        let source = "a\n/* one\n two */\nb = \"\"\"\n x\n \"\"\"\nc"
        let lines = Lexer.tokens(of: source).filter { $0.kind == .identifier }.map { "\($0.text)\($0.line)" }
        #expect(lines == ["a1", "b4", "c7"])
    }

    @Test func commentsAttachToTheNextToken() {
        let tokens = Lexer.tokens(of: "/// Says hi.\n/// - Retained\nfunc hi()")
        #expect(tokens[0].comments.map(\.text) == ["/// Says hi.", "/// - Retained"])
        #expect(tokens[0].comments.allSatisfy { $0.isDocumentation })
        #expect(tokens[0].comments.flatMap(\.lines) == ["Says hi.", "- Retained"])
    }

    @Test func directivesKeepTheirConditionWithoutTheComment() {
        let tokens = Lexer.tokens(of: "#if os(iOS) && DEBUG // why\nx\n#elseif canImport(A)\n#else\n#endif")
        let directives = tokens.filter { $0.kind == .directive }
        #expect(directives.map(\.text) == ["#if", "#elseif", "#else", "#endif"])
        #expect(directives.map(\.condition) == ["os(iOS) && DEBUG", "canImport(A)", "", ""])
    }

    @Test func arrowsAndEllipsesAreOneTokenAndOtherPunctuationOneCharacter() {
        #expect(texts("(Int...) -> [A<B>]?") == ["(", "Int", "...", ")", "->", "[", "A", "<", "B", ">", "]", "?"])
    }

    @Test func backtickedNamesAndDollarNamesAreIdentifiers() {
        let tokens = Lexer.tokens(of: "`default` $0 x1")
        #expect(tokens.prefix(3).map(\.kind) == [.identifier, .identifier, .identifier])
        #expect(tokens[0].name == "default")
    }

    @Test func anUnterminatedLiteralOrCommentEndsTheFileWithoutCrashing() {
        #expect(Lexer.tokens(of: "a \"open").last?.kind == .end)
        #expect(Lexer.tokens(of: "a /* open /* nested */").map(\.text) == ["a", ""])
        #expect(Lexer.tokens(of: "a \"\"\"\n open").last?.kind == .end)
    }

    @Test func eachTokenKnowsWhetherItStartsALineAndFollowsSpace() {
        let tokens = Lexer.tokens(of: "a(b)\n  c")
        #expect(tokens.map(\.startsLine) == [true, false, false, false, true, false])
        #expect(tokens.prefix(5).map(\.followsSpace) == [false, false, false, false, true])
    }
}
