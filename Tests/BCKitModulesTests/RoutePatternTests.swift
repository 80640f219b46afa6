import Testing

@testable import BCKitModules

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
        ("my shop://home", RouteError.invalidScheme("my shop://home", scheme: "my shop")),
        ("1shop://home", RouteError.invalidScheme("1shop://home", scheme: "1shop")),
        ("shop_app://home", RouteError.invalidScheme("shop_app://home", scheme: "shop_app")),
        ("商店://home", RouteError.invalidScheme("商店://home", scheme: "商店")),
        ("sh%6Fp://home", RouteError.invalidScheme("sh%6Fp://home", scheme: "sh%6fp")),
        ("shop://a/f#frag", RouteError.fragmentInPattern("shop://a/f#frag")),
        ("shop://help#returns", RouteError.fragmentInPattern("shop://help#returns")),
        ("shop://a?x=:Int#f", RouteError.fragmentInPattern("shop://a?x=:Int#f")),
        ("shop://:module/detail", RouteError.parameterInHost("shop://:module/detail")),
        ("shop://*rest", RouteError.parameterInHost("shop://*rest")),
        ("shop://分/:x#f", RouteError.fragmentInPattern("shop://分/:x#f")),
        ("shop://*分", RouteError.parameterInHost("shop://*分")),
    ])
    func badPatternsGetTypedErrors(pattern: String, error: RouteError) {
        #expect(throws: error) { try RoutePattern(pattern) }
    }

    /// A static segment that reads as a parameter spelled wrong would be a literal no URL an app
    /// writes reaches; it is refused by both parsers, suggesting the parameter meant.
    @Test(arguments: [
        ("chat://thread/id<Int>", "id<Int>", ":id<Int>"),
        ("chat://thread/id<Int>/x?page=:Int", "id<Int>", ":id<Int>"),
        ("shop://a/d<e>", "d<e>", ":d<e>"),
        ("shop://a/b>", "b>", ":b>"),
        ("chat://thread/ :id", " :id", ":id"),
        ("shop://files/\t*rest", "\t*rest", "*rest"),
        ("shop://a/\u{3000}:id", "\u{3000}:id", ":id"),
        ("shop://分/id<Int>", "id<Int>", ":id<Int>"),
        ("shop://a/%41<x>", "%41<x>", ":%41<x>"),
    ])
    func aStaticSegmentThatReadsAsAParameterIsRefusedSuggestingIt(
        pattern: String, segment: String, meant: String
    ) {
        let error = RouteError.invalidParameterName(pattern, segment: segment)
        #expect(throws: error) { try RoutePattern(pattern, parser: .fastest) }
        #expect(throws: error) { try RoutePattern(pattern, parser: .general) }
        #expect(error.description.contains("did you mean \(meant)?"))
        #expect(error.description.contains("%3C, %3E or %20"))
    }

    @Test(arguments: [
        ("shop://a/id%3CInt%3E", "shop://a/id%3CInt%3E"), ("shop://a/%20:id", "shop://a/%20:id"),
        ("shop://a/x :id", "shop://a/x%20:id"), ("shop://a/x*", "shop://a/x*"),
    ])
    func escapedAngleBracketsAndALeadingEscapedSpaceOrInnerMarkersAreLiterals(pattern: String, url: String) throws {
        var builder = RouterBuilder<Int>()
        try builder.register(pattern, to: 1)
        #expect(try builder.build().match(url)?.target == 1)
    }

    @Test func aQueryParameterNameWithAngleBracketsIsRefused() {
        #expect(throws: RouteError.invalidQueryDeclaration("shop://a?page<Int>", item: "page<Int>")) {
            try RoutePattern("shop://a?page<Int>")
        }
        #expect(throws: RouteError.invalidQueryDeclaration("shop://a?page<Int>=:Int", item: "page<Int>=:Int")) {
            try RoutePattern("shop://a?page<Int>=:Int")
        }
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

    @Test(arguments: ["shop://%3Amodule/detail", "shop://%2Arest", "shop://a/f%23frag"])
    func escapedMarkersInTheHostAndAnEscapedHashAreLiterals(pattern: String) throws {
        #expect(try RoutePattern(pattern).text == pattern)
    }

    /// A URL's user info and port never take part in matching, so a pattern holding them would
    /// register and its own URL would open the route without them.
    @Test(arguments: [
        "shop://admin@h/x", "shop://h:8080/x", "shop://h:/x", "shop://a@h:1/x", "shop://@h", "shop://h:8080?q=:Int",
        "shop://[::1]:8080/x", "shop://admin@[::1]/x", "shop://用户@分/x", "shop://分:80/x", "a://b://c",
    ])
    func aPatternHostWithUserInfoOrAPortIsRefusedByBothParsers(pattern: String) {
        let error = RouteError.userInfoOrPortInHost(pattern)
        #expect(throws: error) { try RoutePattern(pattern, parser: .fastest) }
        #expect(throws: error) { try RoutePattern(pattern, parser: .general) }
        #expect(error.description.contains("%40 or %3A"))
    }

    @Test func thePatternsOfAHostWithUserInfoOrAPortNeverRegisterAsTheirOwnURLsWouldOpenAnother() throws {
        var builder = RouterBuilder<String>()
        try builder.register("shop://h/x", to: "public")
        #expect(throws: RouteError.userInfoOrPortInHost("shop://admin@h/x")) {
            try builder.register("shop://admin@h/x", to: "admin")
        }
        #expect(throws: RouteError.userInfoOrPortInHost("shop://h:8080/x")) {
            try builder.register("shop://h:8080/x", to: "port")
        }
        let router = builder.build()
        #expect(router.routes.map(\.target) == ["public"])
        #expect(try router.match("shop://admin@h/x")?.target == "public")
        #expect(try router.match("shop://h:8080/x")?.target == "public")
    }

    /// Escaped, `@` and `:` are literals of the host, which a URL escaping them alike reaches;
    /// the canonical form keeps them escaped, so it parses back. An IPv6 host's colons are no port.
    @Test(arguments: [
        ("shop://admin%40h/x", "shop://admin%40h/x", "admin@h"),
        ("shop://h%3A8080/x", "shop://h%3A8080/x", "h:8080"),
        ("shop://[::1]/x", "shop://[::1]/x", "[::1]"),
    ])
    func anEscapedAtOrColonAndAnIPv6HostAreLiteralsOfTheHost(pattern: String, url: String, host: String) throws {
        let parsed = try RoutePattern(pattern)
        #expect(parsed.host == host)
        #expect(try RoutePattern(parsed.description) == parsed)
        var builder = RouterBuilder<Int>()
        try builder.register(pattern, to: 1)
        #expect(try builder.build().match(url)?.target == 1)
    }

    @Test(arguments: ["s", "分"])
    func aPatternOfAtMostTheSegmentLimitMatchesAndALongerOneIsATypedError(literal: String) throws {
        var builder = RouterBuilder<Int>()
        let segments = (0..<256).map { $0 % 2 == 0 ? literal : ":p\($0)<Int>" }
        try builder.register("shop://h/" + segments.joined(separator: "/"), to: 256)
        try builder.register("shop://h/*rest", to: 0)
        let router = builder.build()
        let url = "shop://h/" + (0..<256).map { $0 % 2 == 0 ? literal : "\($0)" }.joined(separator: "/")
        #expect(try router.match(url)?.target == 256)
        // A URL may be as long as it likes: the walk goes no deeper than the routes.
        #expect(try router.match(url + String(repeating: "/x", count: 100_000))?.target == 0)
        let tooDeep = "shop://h/" + (segments + ["x"]).joined(separator: "/")
        #expect(throws: RouteError.tooManySegments(tooDeep, limit: 256)) { try RoutePattern(tooDeep) }
        #expect(throws: RouteError.tooManySegments(tooDeep, limit: 256)) { try builder.register(tooDeep, to: 257) }
    }

    @Test func parameterNamesListPathThenQuery() throws {
        let pattern = try RoutePattern("shop://a/:x/:y<UUID>/*z?q=:Bool&r=:Double?")
        #expect(pattern.parameterNames == ["x", "y", "z", "q", "r"])
        #expect(pattern.scheme == "shop")
        #expect(pattern.host == "a")
    }
}

/// The byte parser (plain-ASCII patterns) and the Character parser with Foundation's decoding
/// (every pattern) must read every pattern alike: the same parts and canonical form, or the same
/// error.
@Suite struct RoutePatternParserAgreementTests {
    /// The outcome of one parser: the canonical form and parts, or the error.
    func outcome(_ text: String, _ parser: RoutePattern.Parser) -> String {
        do {
            let pattern = try RoutePattern(text, parser: parser)
            return "\(pattern.description) | \(pattern.scheme) | \(pattern.host) | \(pattern.parameterNames)"
        } catch {
            return "error: \(error)"
        }
    }

    @Test(arguments: [
        "shop://goods/detail/:id<Int>", "SHOP://Goods/detail/:id<Int>/", "shop://goods//a/:name<String>",
        "shop://order/detail?orderId=:String&page=:Int?", "shop://files/*path", "shop://a?", "shop://a?&x=:Int&&",
        "shop://a/b;c/d<e>/f g/~x", "shop://a/:x/:y<UUID>/*z?q=:Bool&r=:Double?", "goods/:id", "://goods/:id",
        "shop:///x", "shop://a/:", "shop://a/:my-id", "shop://a/:id<Int", "shop://a/*", "shop://a/:id<Float>",
        "shop://a/*rest/x", "shop://a/:id/:id", "shop://a/:id?id=:Int", "shop://a?x=1", "shop://a?x=:",
        "shop://a?x=:Money", "shop://a?x=:?", "shop://a?=:Int", "shop://a/:<Int>", "shop://a/:x<>", "shop://a/:x<<Int>",
        "s://h", "s:/h", "s://", "a://b://c", "shop://a/b\r\n/c", "shop://a/\u{0}/b", "x://h/:a?b=:Int?&c=:UUID",
        "shop://a/:x>", "shop://a/:x<Int>>", "shop://a/b?c=:Int/d", "shop://HOST/Path", "shop://a/*r?x=:Int",
        "shop://ch?q=:String&", "shop://a?&x=:Int", "my shop://a", "1x://a", "x-y.z+w://a", "X1://a",
        "chat://thread/id<Int>", "shop://a/ :id", "shop://a/ *r", "shop://a/\t:id", "shop://a/x :id",
        "shop://a/\r\n:id", "shop://a/<", "shop://a/ ", "shop://a/x?y<Int>=:Int", "shop://a@b/x", "shop://a:1/x",
        "shop://[::1]:2/x", "shop://[::1]/x", "shop://a%40b/x",
    ])
    func bothParsersReadAPatternAlike(text: String) {
        #expect(outcome(text, .fastest) == outcome(text, .general))
    }

    @Test func everyASCIIByteInALiteralIsCanonicalizedAsFoundationDoes() {
        for byte in UInt8(1)..<0x80 {
            let text = "shop://a/x" + String(UnicodeScalar(byte)) + "y"
            #expect(outcome(text, .fastest) == outcome(text, .general), "byte \(byte)")
        }
    }
}
