import BCKitModules
import Testing

@Suite struct RouterBuilderTests {
    @Test(arguments: [
        ("shop://a/b", "shop://a/b"), ("SHOP://A/b/", "shop://a/b"), ("shop://a/:x<String>", "shop://a/:x"),
    ])
    func aRouteWithoutANameIsFoundByItsCanonicalForm(pattern: String, canonical: String) throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/c", name: "named", to: 0)
        try builder.register(pattern, to: 1)
        let router = builder.build()
        #expect(router.route(named: canonical)?.target == 1)
        #expect(router.route(named: "named")?.target == 0)
        #expect(router.route(named: "shop://a/c") == nil)
        #expect(router.route(named: "shop://a/zzz") == nil)
        #expect(router.route(named: "cart.add") == nil)
        if pattern != canonical { #expect(router.route(named: pattern) == nil) }
    }

    @Test func anExplicitNameTakenByAnotherRoutesCanonicalFormIsRefusedEitherWay() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/b", to: 1)
        #expect(throws: RouteError.duplicateRouteName("shop://a/b")) {
            try builder.register("shop://a/c", name: "shop://a/b", to: 2)
        }
        try builder.register("shop://a/d", name: "shop://a/e", to: 3)
        #expect(throws: RouteError.duplicateRouteName("shop://a/e")) {
            try builder.register("shop://a/e", to: 4)
        }
        #expect(builder.count == 2)
        // A route may carry its own canonical form as its name.
        try builder.register("shop://a/f", name: "shop://a/f", to: 5)
        #expect(builder.build().route(named: "shop://a/f")?.target == 5)
    }

    @Test(arguments: [1, 2, 8, 9, 40])
    func aNodeWithManyStaticChildrenFindsEachOfThem(children: Int) throws {
        var builder = RouterBuilder<Int>()
        for child in 0..<children {
            try builder.register("shop://a/c\(child)/x", to: child)
        }
        let router = builder.build()
        for child in 0..<children {
            #expect(try router.match("shop://a/c\(child)/x")?.target == child)
        }
        #expect(try router.match("shop://a/c\(children)/x") == nil)
        #expect(throws: RouteError.duplicateRoute("shop://a/c0/x")) { try builder.register("shop://a/c0/x", to: 0) }
    }

    @Test func aRefusedRouteLeavesTheRouterAsItWas() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/b/c", to: 1)
        #expect(throws: RouteError.ambiguousRoutes("shop://a/:x/c", "shop://a/:y/c")) {
            try builder.register("shop://a/:x/c", to: 2)
            try builder.register("shop://a/:y/c", to: 3)
        }
        let router = builder.build()
        #expect(router.routes.map(\.target) == [1, 2])
        #expect(try router.match("shop://a/b/c")?.target == 1)
        #expect(try router.match("shop://a/z/c")?.target == 2)
    }
}
