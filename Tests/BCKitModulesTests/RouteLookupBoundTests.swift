import Testing

@testable import BCKitModules

@Suite struct RouteLookupBoundTests {
    /// Every route with one of `alternatives` edges at each level: an untyped parameter, the
    /// literal `1`, `Int`, `Double`; a segment `1` could take any of them.
    static func router(alternatives: Int, levels: Int, extra: [String] = []) throws -> Router<String> {
        var builder = RouterBuilder<String>()
        var count = 1
        for _ in 0..<levels { count *= alternatives }
        for route in 0..<count {
            var pattern = "shop://h"
            var rest = route
            for level in 0..<levels {
                pattern += "/" + [":s\(level)", "1", ":i\(level)<Int>", ":d\(level)<Double>"][rest % alternatives]
                rest /= alternatives
            }
            try builder.register(pattern, to: pattern)
        }
        for pattern in extra {
            try builder.register(pattern, to: pattern)
        }
        return builder.build()
    }

    /// A URL of `levels + 1` segments `1`: one segment too many for every route.
    static func deadEnd(levels: Int) -> String {
        "shop://h" + String(repeating: "/1", count: levels + 1)
    }

    @Test(arguments: [1, 2, 3, 4])
    func aDeadEndVisitsNodesInProportionToSegmentsNotRoutes(alternatives: Int) throws {
        let router = try Self.router(alternatives: alternatives, levels: 6)
        let url = Self.deadEnd(levels: 6)
        #expect(try router.match(url) == nil)
        let visits = try router.visitedNodes(matching: url)
        // A plain backtracking walk enters every node: 1 + 4 + ... + 4^6 = 5,461 at 4 alternatives.
        // With the memo, each level enters its first branch and finds the others dead.
        #expect(visits == 7, "\(router.routes.count) routes: \(visits) nodes entered")
    }

    @Test(arguments: [2, 3, 4, 5, 6])
    func theBoundGrowsLinearlyWithDepth(levels: Int) throws {
        let router = try Self.router(alternatives: 4, levels: levels)
        #expect(try router.visitedNodes(matching: Self.deadEnd(levels: levels)) == levels + 1)
    }

    @Test func theMemoNeverHidesARouteOfAnotherShape() throws {
        // The route under the last alternatives has a deeper tail than its siblings: a dead end
        // of their shape says nothing about it.
        let extra = "shop://h/:d0<Double>/:d1<Double>/:d2<Double>/:d3<Double>/:d4<Double>/:d5<Double>/end"
        let router = try Self.router(alternatives: 4, levels: 6, extra: [extra])
        #expect(try router.match("shop://h/1/1/1/1/1/1/end")?.target == extra)
        #expect(try router.match("shop://h/1/1/1/1/1/1")?.target == "shop://h/1/1/1/1/1/1")
        #expect(try router.match("shop://h/1/1/1/1/1/1.5")?.target == "shop://h/1/1/1/1/1/:d5<Double>")
        #expect(try router.match("shop://h/x/1/1/1/1/x")?.target == "shop://h/:s0/1/1/1/1/:s5")
        #expect(try router.match(Self.deadEnd(levels: 7)) == nil)
    }

    @Test func routersWithoutChoicePointsKeepNoClasses() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/b/:id<Int>", to: 1)
        try builder.register("shop://a/c/:name", to: 2)
        #expect(builder.build().table.classes.isEmpty)
    }
}

extension RouteLookupBoundTests {
    @Test(arguments: [
        "shop://p/items/new", "shop://p/items/42", "shop://p/items/4.5", "shop://p/items/a/b", "shop://p/a/1/view",
        "shop://p/a/1/edit", "shop://p/a/new/x", "shop://p/a/new/y", "shop://p/b/7/deep/end", "shop://p/b/7/deep/other",
        "shop://p/b", "shop://p/zzz/1/2/3",
    ])
    func thePlainWalkAndTheRememberingWalkAgree(url: String) throws {
        // Routers without choice points take a plain walk; both walks must give the same hits.
        let router = try RouterTests.router(reversed: false)
        let table = router.table
        #expect(!table.classes.isEmpty)
        let parsed = try RouteURL(url)
        let remembering = table.trie.match(
            scheme: parsed.scheme, host: parsed.host, segments: parsed.segments, classes: table.classes)
        let plain = table.trie.match(scheme: parsed.scheme, host: parsed.host, segments: parsed.segments, classes: [])
        #expect(remembering?.route == plain?.route)
        #expect(remembering?.captures == plain?.captures)
        #expect(remembering?.restStart == plain?.restStart)
    }
}

extension RouteLookupBoundTests {
    /// A spine of literal `1`s, 40 deep, with a typed branch at every depth that ends in its own
    /// literal: a lookup that fails remembers more dead ends than the memo's array holds.
    static func spine() throws -> Router<String> {
        var builder = RouterBuilder<String>()
        for depth in 0..<40 {
            let pattern = "shop://h/" + String(repeating: "1/", count: depth) + ":n<Int>/stop\(depth)"
            try builder.register(pattern, to: "stop\(depth)")
        }
        try builder.register("shop://h/" + String(repeating: "1/", count: 40) + "end", to: "end")
        return builder.build()
    }

    @Test func manyDeadEndsInOneLookupStayCorrectAndLinear() throws {
        let router = try Self.spine()
        let ones = String(repeating: "1/", count: 40)
        #expect(try router.match("shop://h/\(ones)nope") == nil)
        // Each spine node and each typed branch is entered once: 41 + 40 + the root.
        #expect(try router.visitedNodes(matching: "shop://h/\(ones)nope") <= 82)
        #expect(try router.match("shop://h/\(ones)end")?.target == "end")
        #expect(try router.match("shop://h/\(ones)stop39")?.target == "stop39")
        #expect(try router.match("shop://h/1/1/stop1")?.target == "stop1")
    }
}
