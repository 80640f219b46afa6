import Foundation
import Testing

@testable import BCKitModules

@Suite struct RouteURLTests {
    /// Texts of every shape the scanner handles: ASCII, raw non-ASCII beside escapes, escaped
    /// separators, raw characters a URL should have escaped, empty query items.
    static let texts = [
        "shop://h/分类/%E6%89%8B%E6%9C%BA",
        "shop://h/%E5%88%86%E7%B1%BB/手机",
        "shop://h/a%2Fb/%25/%2525",
        "shop://h/分类/a%2Fb/%25",
        "shop://h/a b/%41 %42",
        "shop://h/a|b%7C/手 %20机",
        "shop://h/x?a=1&&b=2",
        "shop://h/x?&",
        "shop://h/x?&&=&",
        "shop://h/分类?q=手机+壳&r=%E6%89%8B%2B&q=again",
        "shop://h/x?a=b=c&d&=e",
        "shop://h/a+b/c?x=a+b%2B#frag?y=1",
        "shop://h/x#片段 with space",
        "shop://h/x?q=|&r=\"<>\\^`{}[]",
        "shop://分类/x",
        "shop://H%C3%89LLO/x",
        "SHOP://Goods/detail/42/",
        "shop://goods//detail//42",
        "shop://h",
        "shop://h?only=query",
        "shop://h/%C3%28",
        "shop://h/分类/%E6%89",
        "shop://h/x?q=%FF",
        "shop://h/%",
        "shop://h/手机%2",
    ]

    /// The reference's reading of what a parse gave.
    static func reading(_ result: Result<RouteURL?, RouteError>, of text: String) -> URLDecodingReference {
        switch result {
        case .success(nil): .outOfScope
        case .success(let url?):
            .parts(
                scheme: url.scheme, host: url.host, segments: url.segments,
                query: url.query.map { URLDecodingReference.Item(name: $0.name, value: $0.value) })
        case .failure(let error) where error == .invalidPercentEscape(text): .invalidEscape
        case .failure: .outOfScope
        }
    }

    @Test(arguments: texts)
    func theScannerAndFoundationAgreeWithTheReference(text: String) throws {
        let expected = URLDecodingReference(text)
        try #require(expected != .outOfScope, "every case here is of a shape the reference models")
        let scanned = Result { () throws(RouteError) in try RouteURL(scanning: text) }
        let parsed = Result { () throws(RouteError) -> RouteURL? in try RouteURL(foundationParsing: text) }
        let combined = Result { () throws(RouteError) -> RouteURL? in try RouteURL(text) }
        #expect(Self.reading(scanned, of: text) == expected)
        #expect(Self.reading(parsed, of: text) == expected)
        #expect(Self.reading(combined, of: text) == expected)
    }

    @Test(arguments: [
        ("shop://h/分类/%E6%89%8B%E6%9C%BA", ["分类", "手机"]),
        ("shop://h/%E5%88%86%E7%B1%BB/手机", ["分类", "手机"]),
        ("shop://h/a%2Fb/%25/%2525", ["a/b", "%", "%25"]),
        ("shop://h/分类/a%2Fb/%25", ["分类", "a/b", "%"]),
        ("shop://h/a b/%41 %42", ["a b", "A B"]),
        ("shop://h/a|b%7C/手 %20机", ["a|b|", "手  机"]),
        ("shop://h/a+b/c?x=1", ["a+b", "c"]),
    ])
    func pathSegmentsAreSplitOnSlashesThenDecoded(text: String, segments: [String]) throws {
        #expect(try RouteURL(text).segments == segments)
        #expect(try RouteURL(foundationParsing: text).segments == segments)
    }

    @Test(arguments: [
        ("shop://h/x?a=1&&b=2", [["a", "1"], ["b", "2"]]),
        ("shop://h/x?&", []),
        ("shop://h/x?", []),
        ("shop://h/x?a=b=c&d&=e", [["a", "b=c"], ["d", ""], ["", "e"]]),
        ("shop://h/x?q=手机+壳&r=%E6%89%8B%2B", [["q", "手机 壳"], ["r", "手+"]]),
        ("shop://h/x?q=a%26b%3Dc#f&g=h", [["q", "a&b=c"]]),
    ])
    func queryItemsAreSplitOnAmpersandsThenEqualsSignsThenDecoded(text: String, items: [[String]]) throws {
        for url in [try RouteURL(text), try RouteURL(foundationParsing: text)] {
            #expect(url.query.map { [$0.name, $0.value] } == items)
        }
    }

    @Test(arguments: ["shop://分类/x", "shop://%E5%88%86%E7%B1%BB/x", "shop://H%C3%89LLO/x", "shop://héllo/x"])
    func nonASCIIHostsAreDecodedAndLowerCased(text: String) throws {
        let expected = text.contains("LLO") || text.contains("llo") ? "héllo" : "分类"
        #expect(try RouteURL(text).host == expected)
        #expect(try RouteURL(foundationParsing: text).host == expected)
    }

    @Test(arguments: ["shop://h/%C3%28", "shop://h/分类/%E6%89", "shop://h/x?q=%FF", "shop://h/%", "shop://h/手机%2"])
    func brokenEscapesBesideNonASCIITextAreRefusedByBothParsers(text: String) {
        #expect(throws: RouteError.invalidPercentEscape(text)) { try RouteURL(text) }
        #expect(throws: RouteError.invalidPercentEscape(text)) { try RouteURL(foundationParsing: text) }
    }

    @Test(arguments: [
        ("shop://user@h/x?a=1+2", "h", ["x"], "1 2"),
        ("shop://h:8080/分类/%E6%89%8B?a=%E5%A3%B3", "h", ["分类", "手"], "壳"),
        ("shop://用户@h/a%2Fb/a b?a=|", "h", ["a/b", "a b"], "|"),
    ])
    func textsTheScannerLeavesToFoundationFollowTheSameRule(
        text: String, host: String, segments: [String], value: String
    ) throws {
        #expect(try RouteURL(scanning: text) == nil)
        let url = try RouteURL(text)
        #expect(url.host == host)
        #expect(url.segments == segments)
        #expect(url.query == [RouteURL.QueryItem(name: "a", value: value)])
    }

    @Test(arguments: [
        ("shop://h/%E5%88%86%E7%B1%BB/%E6%89%8B?q=%E5%A3%B3+x", "shop://h/分类/手?q=壳+x"),
        ("shop://h/a%2Fb/%25?x=1&&y", "shop://h/a%2Fb/%25?x=1&y"),
    ])
    func aURLValueReadsAsItsTextAndEscapingChangesNothing(encoded: String, raw: String) throws {
        let url = try #require(URL(string: encoded))
        #expect(try RouteURL(url) == RouteURL(encoded))
        #expect(try RouteURL(url) == RouteURL(raw))
    }

    @Test func aRouteWithANonASCIILiteralMatchesEscapedAndRawSegments() throws {
        var builder = RouterBuilder<String>()
        try builder.register("shop://h/分类/:name", to: "category")
        let router = builder.build()
        for text in ["shop://h/分类/%E6%89%8B%E6%9C%BA", "shop://h/%E5%88%86%E7%B1%BB/手机", "shop://h/分类/手机"] {
            #expect(try router.match(text)?.parameters["name"] == "手机", "\(text)")
        }
    }
}
