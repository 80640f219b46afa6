import Testing

@Suite struct RelayFileTests {
    @Test func eachDeclarationSitsUnderTheLineItComesFrom() {
        let text = RelayFile.text(
            for: plan("import BCKit\n\nprotocol Cart: Conversation {\n    func a()\n\n    func b()\n}"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func lineAfter(_ prefix: String) -> String? {
            lines.firstIndex { $0.trimming([" "]).hasPrefix(prefix) }.map { lines[$0 - 1] }
        }
        #expect(lineAfter("extension Cart {") == #"#sourceLocation(file: "/s/P.swift", line: 3)"#)
        #expect(lineAfter("func a()") == #"#sourceLocation(file: "/s/P.swift", line: 4)"#)
        #expect(lineAfter("func b()") == #"#sourceLocation(file: "/s/P.swift", line: 6)"#)
        #expect(lineAfter("extension CommunicationCenter: Cart {}") == #"#sourceLocation(file: "/s/P.swift", line: 3)"#)
        #expect(lines.contains("import BCKit"))
        #expect(lines.filter { $0 == "#sourceLocation()" }.count == 1)
    }

    @Test func errorsAndWarningsAreCompilerDirectivesAtTheUsersLine() {
        let text = RelayFile.text(
            for: plan([
                "/s/P.swift": "protocol Cart: Conversation {\n func a() -> Int\n func b()\n}",
                "/s/B.swift": "final class B: Cart {\n #if DEBUG\n func bb() {}\n #endif\n}",
            ]))
        #expect(text.contains("#sourceLocation(file: \"/s/P.swift\", line: 2)\n#error(\"a message returns nothing"))
        #expect(text.contains("#if DEBUG\n#sourceLocation(file: \"/s/B.swift\", line: 3)\n#warning(\"method `bb()`"))
        #expect(text.contains("#warning(") && text.contains("#endif\n"))
    }

    @Test func membersAndConversationsUnderIfAreWrittenUnderTheSameClauses() {
        let text = RelayFile.text(
            for: plan("#if os(iOS)\n#else\nprotocol P: Conversation {\n #if DEBUG\n func a()\n #endif\n}\n#endif"))
        #expect(text.contains("#if os(iOS)\n#else\n#sourceLocation(file: \"/s/P.swift\", line: 3)\nextension P {"))
        #expect(text.contains("#if DEBUG\n#sourceLocation(file: \"/s/P.swift\", line: 5)\n    func a()"))
        #expect(text.hasSuffix("#sourceLocation()\n#endif\n"))
    }

    @Test func aConversationWithARefusedMemberGetsNoConformanceSoTheRefusalIsTheOnlyError() {
        let text = RelayFile.text(for: plan("protocol P: Conversation {\n func a()\n func b() -> Int\n}"))
        #expect(text.contains("    func a() {"))
        #expect(!text.contains("extension CommunicationCenter: P"))
        #expect(text.contains("#error(\"a message returns nothing"))
    }

    @Test func aPathOrMessageWithQuotesOrBackslashesIsEscaped() {
        #expect(RelayFile.literal(#"C:\a "b""#) == #""C:\\a \"b\"""#)
    }

    @Test func theSamePlanGivesTheSameText() {
        let source = "protocol P: Conversation { func a(); func b() -> Int }\nfinal class C: P { func aa() {} }"
        #expect(RelayFile.text(for: plan(source)) == RelayFile.text(for: plan(source)))
    }

    @Test func aTargetWithNothingToRelayGetsAFileWithOnlyItsHeader() {
        let text = RelayFile.text(for: plan("final class A {}"))
        #expect(text.split(separator: "\n").allSatisfy { $0.hasPrefix("//") })
    }
}
