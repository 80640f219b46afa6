import BCKitModules
import Foundation
import Testing

@Suite struct RouterTests {
    static let precedenceRoutes: [(pattern: String, target: String)] = [
        ("shop://p/items/new", "static"),
        ("shop://p/items/:id<Int>", "int"),
        ("shop://p/items/:flag<Bool>", "bool"),
        ("shop://p/items/:amount<Double>", "double"),
        ("shop://p/items/:token<UUID>", "uuid"),
        ("shop://p/items/:name", "untyped"),
        ("shop://p/items/*rest", "catchAll"),
        ("shop://p/a/:n<Int>/view", "intView"),
        ("shop://p/a/:s/edit", "stringEdit"),
        ("shop://p/a/new/x", "staticX"),
        ("shop://p/b/:n<Int>/deep/end", "typedDeep"),
        ("shop://p/b/*rest", "tail"),
    ]

    static func router(reversed: Bool) throws -> Router<String> {
        var builder = RouterBuilder<String>()
        let routes = reversed ? precedenceRoutes.reversed() : precedenceRoutes
        for route in routes {
            try builder.register(route.pattern, to: route.target)
        }
        return builder.build()
    }

    @Test(arguments: [
        ("shop://p/items/new", "static"),
        ("shop://p/items/42", "int"),
        ("shop://p/items/true", "bool"),
        ("shop://p/items/4.5", "double"),
        ("shop://p/items/E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "uuid"),
        ("shop://p/items/shoes", "untyped"),
        ("shop://p/items/a/b", "catchAll"),
        ("shop://p/a/1/view", "intView"),
        ("shop://p/a/1/edit", "stringEdit"),
        ("shop://p/a/new/edit", "stringEdit"),
        ("shop://p/a/new/x", "staticX"),
        ("shop://p/b/7/deep/end", "typedDeep"),
        ("shop://p/b/7/deep/other", "tail"),
    ])
    func precedenceIsStaticThenTypedThenUntypedThenCatchAllWithBacktracking(url: String, expected: String) throws {
        for reversed in [false, true] {
            let match = try Self.router(reversed: reversed).match(url)
            #expect(match?.target == expected, "registration reversed: \(reversed)")
        }
    }

    @Test func catchAllNeedsAtLeastOneSegmentAndUnknownHostsDoNotMatch() throws {
        let router = try Self.router(reversed: false)
        #expect(try router.match("shop://p/items") == nil)
        #expect(try router.match("shop://q/items/1") == nil)
        #expect(try router.match("other://p/items/1") == nil)
    }

    @Test func backtrackingRestoresParametersOfTheAbandonedBranch() throws {
        let match = try #require(try Self.router(reversed: false).match("shop://p/a/1/edit"))
        #expect(match.parameters.values == ["s": "1"])
    }

    @Test func catchAllHandsOverItsSegments() throws {
        let match = try #require(try Self.router(reversed: false).match("shop://p/items/a/b%2Fc/d"))
        #expect(match.parameters.rest == ["a", "b/c", "d"])
        #expect(match.parameters["rest"] == "a/b/c/d")
    }

    @Test(arguments: [
        ("shop://a/:x", "shop://a/:y"),
        ("shop://a/:x", "shop://a/:y<String>"),
        ("shop://a/:x<Int>/b", "shop://a/:y<Int>/b"),
        ("shop://a/*x", "shop://a/*y"),
        ("shop://order/detail?id=:Int", "shop://order/detail?code=:String"),
        ("shop://a/b", "SHOP://A/b?q=:Int?"),
    ])
    func ambiguousPatternsAreRefusedNamingBoth(first: String, second: String) throws {
        var builder = RouterBuilder<Int>()
        try builder.register(first, to: 1)
        #expect(throws: RouteError.ambiguousRoutes(first, second)) {
            try builder.register(second, to: 2)
        }
        #expect(builder.count == 1)
        #expect(builder.build().routes.map(\.pattern.text) == [first])
    }

    @Test(arguments: [
        ("shop://a/:x", "shop://a/:x"),
        ("shop://a/b/", "SHOP://A//b"),
        ("shop://a/:x<String>", "shop://a/:x"),
    ])
    func registeringTheSamePatternTwiceIsADuplicate(first: String, second: String) throws {
        var builder = RouterBuilder<Int>()
        try builder.register(first, to: 1)
        #expect(throws: RouteError.duplicateRoute(second)) {
            try builder.register(second, to: 2)
        }
    }

    @Test func patternsAtDifferentPrecedenceDoNotConflict() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/:x<Int>", to: 1)
        try builder.register("shop://a/:y<Double>", to: 2)
        try builder.register("shop://a/:z", to: 3)
        try builder.register("shop://a/*rest", to: 4)
        try builder.register("shop://a/b", to: 5)
        #expect(builder.count == 5)
    }

    @Test func routeNamesAreUnique() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/b", name: "x", to: 1)
        #expect(throws: RouteError.duplicateRouteName("x")) {
            try builder.register("shop://a/c", name: "x", to: 2)
        }
    }

    @Test func routesRegisteredAfterBuildDoNotReachTheBuiltRouter() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/b", to: 1)
        let router = builder.build()
        try builder.register("shop://a/c", to: 2)
        #expect(try router.match("shop://a/c") == nil)
        #expect(router.routes.map(\.name) == ["shop://a/b"])
    }

    static func urlRouter() throws -> Router<String> {
        var builder = RouterBuilder<String>()
        try builder.register("shop://goods/detail/:id<Int>", name: "goods.detail", to: "detail")
        try builder.register("shop://goods/search/:term", name: "goods.search", to: "search")
        try builder.register("shop://goods/catégorie/:name", name: "goods.category", to: "category")
        try builder.register("shop://web/open/:target", name: "web.open", to: "web")
        try builder.register("shop://files/*path", name: "files", to: "files")
        try builder.register("shop://order/detail?orderId=:String&page=:Int?", name: "order", to: "order")
        return builder.build()
    }

    @Test(arguments: [
        ("shop://goods/search/red%20shoes", "term", "red shoes"),
        ("shop://goods/search/a+b", "term", "a+b"),
        ("shop://goods/search/café", "term", "café"),
        ("shop://goods/search/caf%C3%A9", "term", "café"),
        ("shop://goods/search/%E2%9C%93", "term", "✓"),
        ("shop://goods/catégorie/shoes", "name", "shoes"),
        ("shop://goods/cat%C3%A9gorie/shoes/", "name", "shoes"),
        ("shop://goods/detail/42/", "id", "42"),
        ("SHOP://Goods/detail/42", "id", "42"),
        ("shop://goods//detail//42", "id", "42"),
        ("shop://web/open/https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc", "target", "https://example.com/a?b=c"),
        ("shop://order/detail?orderId=A%2B1", "orderId", "A+1"),
        ("shop://order/detail?orderId=red+shoes", "orderId", "red shoes"),
        ("shop://order/detail?orderId=https%3A%2F%2Fx.io%2F%3Fa%3D1%26b%3D2", "orderId", "https://x.io/?a=1&b=2"),
    ])
    func parameterValuesArePercentDecoded(url: String, name: String, expected: String) throws {
        let match = try #require(try Self.urlRouter().match(url))
        #expect(match.parameters[name] == expected)
    }

    @Test func typedValuesConvert() throws {
        let match = try #require(try Self.urlRouter().match("shop://order/detail?orderId=7&page=3&ref=home"))
        #expect(match.parameters.value("page", as: Int.self) == 3)
        #expect(match.parameters.value("orderId", as: String.self) == "7")
        #expect(match.parameters["ref"] == "home")
        #expect(match.parameters.values == ["orderId": "7", "page": "3"])
        #expect(match.route.name == "order")
    }

    @Test(arguments: [
        "shop://goods/search/red%20shoes?x=a+b&y=%2B1#frag",
        "SHOP://GOODS/detail/42/?ref=home&ref=again&flag",
        "shop://web/open/https%3A%2F%2Fexample.com%2Fa%3Fb%3Dc",
        "shop://order/detail?orderId=A%26B&page=2",
        "shop://files/a/b%2Fc/d.txt",
        "shop://goods/search/~tilde_(x)!*'",
    ])
    func textURLsAreSplitExactlyAsFoundationSplitsURLValues(text: String) throws {
        let url = try #require(URL(string: text))
        let fromText = try Self.urlRouter().match(text)
        let fromURL = try Self.urlRouter().match(url)
        #expect(fromText?.route.name == fromURL?.route.name)
        #expect(fromText?.parameters == fromURL?.parameters)
        #expect(fromText != nil)
    }

    @Test func matchingAURLValueGivesTheSameResultAsItsText() throws {
        let url = try #require(URL(string: "shop://goods/search/red%20shoes"))
        #expect(try Self.urlRouter().match(url)?.parameters["term"] == "red shoes")
    }

    @Test(arguments: [
        (
            "shop://order/detail",
            RouteError.missingQueryParameter(
                "shop://order/detail?orderId=:String&page=:Int?", name: "orderId")
        ),
        (
            "shop://order/detail?orderId=1&page=two",
            RouteError.invalidParameterValue(
                "shop://order/detail?orderId=:String&page=:Int?", name: "page", value: "two", type: "Int")
        ),
    ])
    func declaredQueryParametersAreChecked(url: String, error: RouteError) throws {
        #expect(throws: error) { try Self.urlRouter().match(url) }
    }

    @Test(arguments: [
        ("shop://goods/%ZZ", RouteError.invalidPercentEscape("shop://goods/%ZZ")),
        ("shop://goods/a%2", RouteError.invalidPercentEscape("shop://goods/a%2")),
        ("shop://goods/%C3%28", RouteError.invalidPercentEscape("shop://goods/%C3%28")),
        ("goods/detail/1", RouteError.missingScheme("goods/detail/1")),
        ("shop:detail", RouteError.missingHost("shop:detail")),
        ("shop:///detail/1", RouteError.missingHost("shop:///detail/1")),
        ("shop://a b/c", RouteError.unparsableURL("shop://a b/c")),
    ])
    func malformedURLsGetTypedErrors(url: String, error: RouteError) throws {
        #expect(throws: error) { try Self.urlRouter().match(url) }
    }

    @Test func reverseRoutingRoundTripsThroughMatching() throws {
        let router = try Self.urlRouter()
        let cases: [(String, [String: any RouteValue], String, String)] = [
            ("goods.detail", ["id": 42], "id", "42"),
            ("goods.search", ["term": "a/b é+c"], "term", "a/b é+c"),
            ("web.open", ["target": "https://example.com/a?b=c"], "target", "https://example.com/a?b=c"),
            ("order", ["orderId": "x&y=z+1"], "orderId", "x&y=z+1"),
            ("files", ["path": "docs/read me.txt"], "path", "docs/read me.txt"),
        ]
        for (name, parameters, key, expected) in cases {
            let url = try router.url(named: name, parameters: parameters)
            let match = try #require(try router.match(url), "\(url)")
            #expect(match.route.name == name)
            #expect(match.parameters[key] == expected, "\(url)")
        }
        #expect(
            try router.url(named: "goods.detail", parameters: ["id": 42]).absoluteString == "shop://goods/detail/42")
    }

    @Test func reverseRoutingRefusesMissingUnknownAndMistypedParameters() throws {
        let router = try Self.urlRouter()
        #expect(throws: RouteError.unknownRouteName("nope")) { try router.url(named: "nope") }
        #expect(throws: RouteError.missingParameter("shop://goods/detail/:id<Int>", name: "id")) {
            try router.url(named: "goods.detail")
        }
        #expect(
            throws: RouteError.invalidParameterValue(
                "shop://goods/detail/:id<Int>", name: "id", value: "x", type: "Int")
        ) {
            try router.url(named: "goods.detail", parameters: ["id": "x"])
        }
    }

    @Test func theRouterIsSendableAndMatchesFromAnotherTask() async throws {
        let router = try Self.urlRouter()
        let target = await Task.detached { try? router.match("shop://goods/detail/9")?.target }.value
        #expect(target == "detail")
    }
}
