import BCKitModules
import Foundation
import Testing

/// Inputs a careful user tries at the edges of the routing contract.
@MainActor
@Suite struct RoutingEdgeCaseTests {
    @Test(arguments: [
        ("", RouteError.missingScheme("")),
        ("   ", RouteError.missingScheme("   ")),
        ("shop://", RouteError.missingHost("shop://")),
        ("shop://?x=:Int", RouteError.missingHost("shop://?x=:Int")),
        ("shop:///", RouteError.missingHost("shop:///")),
    ])
    func emptyPatternsAreTypedErrors(pattern: String, error: RouteError) {
        #expect(throws: error) { try RoutePattern(pattern) }
        var builder = RouterBuilder<Int>()
        #expect(throws: error) { try builder.register(pattern, to: 1) }
        #expect(builder.count == 0)
    }

    @Test func everySchemeAPatternAcceptsIsOneAURLCanHave() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("x-y.z+w1://a/:v", name: "odd", to: 1)
        let router = builder.build()
        #expect(try router.match("X-Y.Z+W1://a/b")?.parameters["v"] == "b")
        #expect(try router.url(named: "odd", parameters: ["v": "b"]).absoluteString == "x-y.z+w1://a/b")
    }

    @Test(arguments: ["HTTP://example.com/a", "Https://example.com", "https://例子.中国/路径?q=1"])
    func webURLsInAnySchemeCaseGoToTheWebHandler(url: String) throws {
        let recorder = Recorder()
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("https://example.com", to: RouteDestination { _ in recorder.record("route") })
        let navigator = try Navigator(router: builder.build(), webHandler: { recorder.record("web \($0.url)") })
        #expect(try navigator.open(url) == .web)
        #expect(recorder.entries == ["web \(url)"])
    }

    @Test func aLiteralColonOrStarIsWrittenEscapedInThePatternAndMatchesEitherWay() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/%3Ax/%2A", name: "marks", to: 1)
        let router = builder.build()
        #expect(try router.match("shop://a/:x/*")?.target == 1)
        #expect(try router.match("shop://a/%3ax/%2a")?.target == 1)
        #expect(try router.url(named: "marks").absoluteString == "shop://a/%3Ax/%2A")
    }

    @Test(arguments: [
        ("true", "bool"), ("TRUE", "string"), ("1", "int"), ("+1", "int"), ("1.5", "double"), ("1e3", "double"),
        ("nan", "string"), ("inf", "string"), ("-infinity", "string"), ("99999999999999999999", "double"),
    ])
    func typedSegmentsAreStrict(segment: String, expected: String) throws {
        var builder = RouterBuilder<String>()
        for (type, target) in [("Bool", "bool"), ("Int", "int"), ("Double", "double")] {
            try builder.register("shop://t/:v<\(type)>", to: target)
        }
        try builder.register("shop://t/:v", to: "string")
        #expect(try builder.build().match("shop://t/\(segment)")?.target == expected)
    }

    @Test func withoutAWebHandlerWebURLsAreRoutedLikeAnyOther() throws {
        let recorder = Recorder()
        var builder = RouterBuilder<RouteDestination>()
        try builder.register("https://example.com/help", to: RouteDestination { _ in recorder.record("help") })
        let navigator = try Navigator(
            router: builder.build(), unmatchedHandler: { recorder.record("unmatched \($0.url)") })
        #expect(try navigator.open("https://Example.com/help") == .opened("https://example.com/help"))
        #expect(try navigator.open("https://example.com/other") == .unmatched)
        #expect(recorder.entries == ["help", "unmatched https://example.com/other"])
    }

    @Test func aRepeatedQueryNameKeepsItsFirstValueAndADeclaredOneIsCheckedOnIt() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://o?page=:Int?", to: 1)
        let router = builder.build()
        let match = try #require(try router.match("shop://o?ref=a&ref=b&page=2&page=x"))
        #expect(match.parameters["ref"] == "a")
        #expect(match.parameters.value("page", as: Int.self) == 2)
        #expect(throws: RouteError.invalidParameterValue("shop://o?page=:Int?", name: "page", value: "x", type: "Int"))
        {
            try router.match("shop://o?page=x&page=2")
        }
    }

    /// Hosts are percent-decoded, never converted from punycode: an IDN host matches a route
    /// written the same way, raw or escaped, and a punycode host only a route written in punycode.
    @Test func aPunycodeHostIsComparedAsWritten() throws {
        var builder = RouterBuilder<String>()
        try builder.register("shop://商店/x", to: "unicode")
        try builder.register("shop://xn--czrs0t/x", to: "punycode")
        let router = builder.build()
        #expect(try router.match("shop://商店/x")?.target == "unicode")
        #expect(try router.match("shop://%E5%95%86%E5%BA%97/x")?.target == "unicode")
        #expect(try router.match("shop://XN--CZRS0T/x")?.target == "punycode")
    }

    @Test func reverseRoutingChecksDeclaredQueryParameters() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://order?orderId=:String&page=:Int?", name: "order", to: 1)
        let router = builder.build()
        let pattern = "shop://order?orderId=:String&page=:Int?"
        #expect(throws: RouteError.missingParameter(pattern, name: "orderId")) {
            try router.url(named: "order", parameters: ["page": 2])
        }
        #expect(throws: RouteError.invalidParameterValue(pattern, name: "page", value: "two", type: "Int")) {
            try router.url(named: "order", parameters: ["orderId": "A", "page": "two"])
        }
        let url = try router.url(named: "order", parameters: ["orderId": "", "unknown": 1])
        #expect(url.absoluteString == "shop://order?orderId=")
        #expect(try router.match(url)?.parameters.values == ["orderId": ""])
    }
}
