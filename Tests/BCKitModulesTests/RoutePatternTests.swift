import BCKitModules
import Testing

@Suite struct RoutePatternTests {
    @Test(arguments: [
        ("goods/:id", RouteError.missingScheme("goods/:id")),
        ("://goods/:id", RouteError.missingScheme("://goods/:id")),
        ("shop:///x", RouteError.missingHost("shop:///x")),
        ("shop://a/:", RouteError.invalidParameterName("shop://a/:", segment: ":")),
        ("shop://a/:my-id", RouteError.invalidParameterName("shop://a/:my-id", segment: ":my-id")),
        ("shop://a/:id<Int", RouteError.invalidParameterName("shop://a/:id<Int", segment: ":id<Int")),
        ("shop://a/*", RouteError.invalidParameterName("shop://a/*", segment: "*")),
        ("shop://a/:id<Float>", RouteError.unknownParameterType("shop://a/:id<Float>", type: "Float")),
        ("shop://a/*rest/x", RouteError.catchAllNotLast("shop://a/*rest/x")),
        ("shop://a/:id/:id", RouteError.duplicateParameterName("shop://a/:id/:id", name: "id")),
        ("shop://a/:id?id=:Int", RouteError.duplicateParameterName("shop://a/:id?id=:Int", name: "id")),
        ("shop://a?x=1", RouteError.invalidQueryDeclaration("shop://a?x=1", item: "x=1")),
        ("shop://a?x=:", RouteError.invalidQueryDeclaration("shop://a?x=:", item: "x=:")),
        ("shop://a?x=:Money", RouteError.unknownParameterType("shop://a?x=:Money", type: "Money")),
        ("shop://a/%G1", RouteError.invalidPercentEscape("shop://a/%G1")),
    ])
    func badPatternsGetTypedErrors(pattern: String, error: RouteError) {
        #expect(throws: error) { try RoutePattern(pattern) }
    }

    @Test(arguments: [
        ("SHOP://Goods/detail/:id<Int>/", "shop://goods/detail/:id<Int>"),
        ("shop://goods//a/:name<String>", "shop://goods/a/:name"),
        ("shop://order/detail?orderId=:String&page=:Int?", "shop://order/detail?orderId=:String&page=:Int?"),
        ("shop://files/*path", "shop://files/*path"),
        ("shop://a/%3Aliteral", "shop://a/%3Aliteral"),
    ])
    func patternsHaveACanonicalForm(pattern: String, canonical: String) throws {
        #expect(try RoutePattern(pattern).description == canonical)
    }

    @Test func parameterNamesListPathThenQuery() throws {
        let pattern = try RoutePattern("shop://a/:x/:y<UUID>/*z?q=:Bool&r=:Double?")
        #expect(pattern.parameterNames == ["x", "y", "z", "q", "r"])
        #expect(pattern.scheme == "shop")
        #expect(pattern.host == "a")
    }
}
