import BCKitModules
import Foundation
import Testing

/// SplitMix64: the same routes and values for a seed on every platform.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}

@Suite struct ReverseRoutingTests {
    /// Pieces of text that stress encoding: separators, escapes, spaces, non-ASCII, dot segments,
    /// a lone combining mark, control characters, nothing.
    static let pieces = [
        "a", "Zz", "new", "分类", "手机", "é", "/", "%", "%2F", " ", "+", "&", "=", "?", "#", ":", "*", "", "1", "4.5",
        ".", "..", "~", "\u{301}", "😀", "\t", "\n", "\\", "|", "%41", "[", "]", "@", ";", "\u{0}", "\u{FEFF}",
    ]

    static func text(_ random: inout SplitMix, maxPieces: Int) -> String {
        (0..<Int.random(in: 0...maxPieces, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// A random route: literal, typed, untyped segments, maybe a catch-all, maybe query parameters.
    static func pattern(_ random: inout SplitMix, index: Int) -> String {
        // Hosts that a URL must escape (a space, a colon, a percent sign) or lower-case beyond ASCII.
        let hosts = ["h", "商店", "Shop", "my host", "ÉCOLE", "a:b", "a%25b", "İstanbul", "x-y.z"]
        var pattern = "shop://" + hosts.randomElement(using: &random)!
        for position in 0..<Int.random(in: 0...3, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                let literal = text(&random, maxPieces: 2)
                let encoded = literal.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? literal
                pattern += "/" + (encoded.isEmpty ? "x" : encoded)
            case 1: pattern += "/:p\(position)<\(["Int", "Double", "Bool"].randomElement(using: &random)!)>"
            default: pattern += "/:p\(position)"
            }
        }
        if Bool.random(using: &random) { pattern += "/*rest" }
        if Bool.random(using: &random) { pattern += "?q=:String&n=:Int?" }
        return pattern
    }

    static func value(for name: String, in pattern: RoutePattern, _ random: inout SplitMix) -> any RouteValue {
        if name == "n" || pattern.description.contains(":\(name)<Int>") {
            return Int.random(in: -5...500, using: &random)
        }
        guard pattern.description.contains(":\(name)<") else { return text(&random, maxPieces: 3) }
        if pattern.description.contains(":\(name)<Bool>") { return Bool.random(using: &random) }
        return Double(Int.random(in: -100...100, using: &random)) / 8
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func everyBuiltURLMatchesBackToItsRouteAndValuesOrTheBuildThrows(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        var builder = RouterBuilder<Int>()
        for index in 0..<40 {
            // Random routes collide now and then; the router keeps the first.
            try? builder.register(Self.pattern(&random, index: index), name: "r\(index)", to: index)
        }
        let router = builder.build()
        var built = 0
        var refused = 0
        for route in router.routes {
            for _ in 0..<8 {
                var values: [String: any RouteValue] = [:]
                for name in route.pattern.parameterNames where name != "n" || Bool.random(using: &random) {
                    values[name] = Self.value(for: name, in: route.pattern, &random)
                }
                let url: URL
                do {
                    url = try router.url(named: route.name, parameters: values)
                } catch {
                    // Only the two refusals that protect the round trip are expected here.
                    let text = error.description
                    #expect(text.contains("non-empty value") || text.contains("URL '"), "\(text)")
                    refused += 1
                    continue
                }
                built += 1
                let ascii = url.absoluteString.unicodeScalars.allSatisfy { $0.isASCII }
                #expect(ascii, "\(url.absoluteString)")
                #expect(!url.absoluteString.contains("xn--"))
                let match = try #require(try router.match(url), "\(url.absoluteString) matches nothing")
                #expect(match.route.name == route.name, "\(url.absoluteString)")
                #expect(match.parameters.values == values.mapValues(\.routeText), "\(url.absoluteString)")
                let fromText = try router.match(url.absoluteString)
                #expect(fromText?.parameters == match.parameters)
            }
        }
        #expect(built >= 100 && refused > 0, "built \(built), refused \(refused): both ways should happen")
    }

    static func router() throws -> Router<String> {
        var builder = RouterBuilder<String>()
        try builder.register("shop://a/:x", name: "x", to: "x")
        try builder.register("shop://a/new", name: "new", to: "new")
        try builder.register("shop://a/:n<Int>/b", name: "n", to: "n")
        try builder.register("shop://a/:s/b", name: "s", to: "s")
        try builder.register("shop://files/*path", name: "files", to: "files")
        try builder.register("shop://商店/分类/:name", name: "category", to: "category")
        return builder.build()
    }

    @Test(arguments: [
        ("x", ["x": ""] as [String: String], RouteError.emptyParameterValue("shop://a/:x", name: "x")),
        ("files", ["path": ""], RouteError.emptyParameterValue("shop://files/*path", name: "path")),
        ("files", ["path": "a//b"], RouteError.emptyParameterValue("shop://files/*path", name: "path")),
        ("files", ["path": "/a"], RouteError.emptyParameterValue("shop://files/*path", name: "path")),
        ("files", ["path": "a/"], RouteError.emptyParameterValue("shop://files/*path", name: "path")),
        (
            "x", ["x": "new"],
            RouteError.urlDoesNotMatchBack("shop://a/:x", url: "shop://a/new", matched: "shop://a/new")
        ),
        (
            "s", ["s": "42"],
            RouteError.urlDoesNotMatchBack("shop://a/:s/b", url: "shop://a/42/b", matched: "shop://a/:n<Int>/b")
        ),
    ])
    func valuesThatCannotMatchBackAreRefusedWithATypedError(
        name: String, values: [String: String], error: RouteError
    ) throws {
        #expect(throws: error) { try Self.router().url(named: name, parameters: values) }
    }

    @Test func nonASCIIHostsAndLiteralsArePercentEncodedUTF8AndMatchBack() throws {
        let router = try Self.router()
        let url = try router.url(named: "category", parameters: ["name": "手机 壳"])
        #expect(url.absoluteString == "shop://%E5%95%86%E5%BA%97/%E5%88%86%E7%B1%BB/%E6%89%8B%E6%9C%BA%20%E5%A3%B3")
        #expect(try router.match(url)?.parameters["name"] == "手机 壳")
        #expect(try router.match("shop://商店/分类/手机 壳")?.route.name == "category")
    }
}
