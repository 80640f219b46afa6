import Foundation
import Testing

/// The code a refusal suggests is code that compiles: each form is found, verbatim up to
/// whitespace, in Tests/BCKitTests/RefusalSuggestionTests.swift, which compiles it against the same
/// declarations and runs it.
@Suite struct RefusalTests {
    /// The file that compiles every suggested form, without whitespace.
    static let compiled: String = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../BCKitTests/RefusalSuggestionTests.swift").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return withoutWhitespace(text)
    }()

    static func withoutWhitespace(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// The code in a refusal: each backticked span that is a whole declaration or a call on the
    /// center, not a keyword, a name or a type spelled from the user's own declaration.
    static func codeForms(in message: String) -> [String] {
        message.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { span in
                span.contains("center.") || ["func ", "var ", "extension "].contains { span.hasPrefix($0) }
            }
    }

    /// The refusal of `member`, declared in the conversation `conversation`.
    static func refusal(of member: String, in conversation: String) throws -> String {
        let plan = plan("protocol \(conversation): Conversation {\n \(member)\n}")
        return try #require(plan.diagnostics.first { $0.severity == .error }).message
    }

    /// Members refused with an explicit call on the center, declared as `StockDesk` declares them.
    @Test(arguments: [
        "func total() -> Int",
        "func total(of sku: String) async -> Int",
        "func total(in shelf: String) throws -> Int",
        "func restock(count: Int) async throws -> Int",
        "func reserve(count: Int) throws(StockError)",
        "func release(count: Int) async throws(StockError)",
        "func sync(count: Int) async throws",
        "func level(of sku: String) async -> Int?",
        "func level(in shelf: String) throws -> Int?",
        "func level(at aisle: Int) async throws -> Int?",
    ])
    func anExplicitCallARefusalSuggestsCompiles(member: String) throws {
        let message = try Self.refusal(of: member, in: "StockDesk")
        let forms = Self.codeForms(in: message)
        #expect(forms.contains { $0.contains("center.") }, "\(message)")
        for form in forms {
            #expect(Self.compiled.contains(Self.withoutWhitespace(form)), "not compiled: \(form)")
        }
    }

    /// Members refused with the declarations to write instead.
    @Test(arguments: [
        ("func f(x)", "HandDesk"),
        ("subscript(i: Int) -> Int? { get }", "HandDesk"),
        ("associatedtype Element", "HandDesk"),
        ("var count: Int { get set }", "StockDesk"),
        ("var stock: Int { get }", "StockDesk"),
    ])
    func aDeclarationARefusalSuggestsCompilesAndIsRelayed(member: String, conversation: String) throws {
        let message = try Self.refusal(of: member, in: conversation)
        let forms = Self.codeForms(in: message)
        #expect(!forms.isEmpty, "\(message)")
        for form in forms {
            #expect(Self.compiled.contains(Self.withoutWhitespace(form)), "not compiled: \(form)")
            guard !form.hasPrefix("extension ") else { continue }
            let suggested = plan("protocol Suggested: Conversation {\n \(form)\n}")
            #expect(suggested.diagnostics.isEmpty, "\(form): \(diagnostics(of: suggested))")
            #expect(suggested.conversations.first?.relays.count == 1)
        }
    }

    @Test func theCompiledSuggestionsAreFound() {
        #expect(Self.compiled.contains("@SuitestructRefusalSuggestionTests"))
    }
}
