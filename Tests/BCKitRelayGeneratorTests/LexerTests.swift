import Testing

@testable import BCKitRelayGenerator

@Suite struct LexerTests {
    @Test func placeholder() {
        #expect(Lexer.tokens(of: "a").count == 2)
    }
}
