import BCKitModules
import Foundation
import Testing

/// The samples and tables of the URLsAndDeepLinks DocC article, compiled and checked.
@MainActor
@Suite struct URLsAndDeepLinksArticleTests {
    @Test(arguments: [
        ("shop://h/分类/%E6%89%8B%E6%9C%BA", ["分类", "手机"], [String: String]()),
        ("shop://h/a%2Fb/%25", ["a/b", "%"], [:]),
        ("shop://h/a b/%41", ["a b", "A"], [:]),
        ("shop://h/x?q=手机+壳&&r=%2B", ["x"], ["q": "手机 壳", "r": "+"]),
    ])
    func theDecodingTableHolds(url: String, segments: [String], query: [String: String]) throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://h/*rest", to: 1)
        let match = try #require(try builder.build().match(url))
        #expect(match.parameters.rest == segments)
        #expect(match.parameters.query == query)
    }

    @Test func theReverseRoutingSampleBuildsPercentEncodedUTF8() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://商店/分类/:name", name: "category", to: 1)
        let router = builder.build()
        let url = try router.url(named: "category", parameters: ["name": "手机"])
        #expect(url.absoluteString == "shop://%E5%95%86%E5%BA%97/%E5%88%86%E7%B1%BB/%E6%89%8B%E6%9C%BA")
        #expect(try router.match("shop://商店/分类/手机")?.parameters["name"] == "手机")
    }

    @Test func theDeclineSampleFallsThroughToTheCatchAll() throws {
        let recorder = Recorder()
        let catalog: Set<Int> = [1, 2]
        func showGoods(_ id: Int?) { recorder.record("goods \(id ?? 0)") }
        func showSearch() { recorder.record("search") }
        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://goods/:id<Int>",
            to: RouteDestination(
                accepts: { request in catalog.contains(request.parameters.value("id", as: Int.self) ?? 0) },
                handler: { request in showGoods(request.parameters.value("id", as: Int.self)) }
            ))
        try routes.register("shop://goods/*rest", to: RouteDestination { _ in showSearch() })
        let navigator = try Navigator(router: routes.build())
        try navigator.open("shop://goods/2")
        try navigator.open("shop://goods/3")
        #expect(recorder.entries == ["goods 2", "search"])
    }

    @Test func theExternalSampleOpensFromOutsideAndTheInternalRouteIsRefused() throws {
        let recorder = Recorder()
        func showGoods(_ id: Int?) { recorder.record("goods \(id ?? 0)") }
        var routes = RouterBuilder<RouteDestination>()
        try routes.register(
            "shop://goods/detail/:id<Int>",
            to: RouteDestination(external: true) { request in
                showGoods(request.parameters.value("id", as: Int.self))
            })
        try routes.register("shop://cart/add/:id<Int>", to: RouteDestination { _ in recorder.record("add") })
        let navigator = try Navigator(router: routes.build())
        navigator.externalSchemes = ["shop"]
        #expect(try navigator.open("shop://goods/detail/42", from: .outside) == .opened("shop://goods/detail/:id<Int>"))
        #expect(throws: RouteError.internalRoute("shop://cart/add/42", route: "shop://cart/add/:id<Int>")) {
            try navigator.open("shop://cart/add/42", from: .outside)
        }
        #expect(recorder.entries == ["goods 42"])
    }
}
