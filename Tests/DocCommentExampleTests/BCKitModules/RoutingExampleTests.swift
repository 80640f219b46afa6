import BCKitModules
import Foundation
import Testing

// The blocks of BCKitModules' routing doc comments, verbatim: RouterBuilder, Router, its reverse
// routing, RoutePattern, RouteParameters, RouteValue and RouteError.

@MainActor
@Suite struct RoutingExampleTests {
    /// What `show(_:id:)` was asked to show.
    private final class Shown {
        var screens: [String] = []
    }

    private let shown = Shown()

    private func show(_ target: String, id: Int?) { shown.screens.append("\(target) \(id.map(String.init) ?? "-")") }

    private static func shopRouter() throws -> Router<String> {
        var builder = RouterBuilder<String>()
        try builder.register("shop://goods/detail/:id<Int>", name: "goods.detail", to: "GoodsDetail")
        try builder.register("shop://goods/*path", to: "GoodsFallback")
        let router = builder.build()
        return router
    }

    @Test func theBuilderChecksEachRouteAndBuildsAnImmutableRouter() throws {
        let router = try Self.shopRouter()

        #expect(router.routes.map(\.target) == ["GoodsDetail", "GoodsFallback"])
        #expect(try router.match("shop://goods/sale/today")?.target == "GoodsFallback")
    }

    @Test func aMatchCarriesItsTargetAndTypedParameters() throws {
        let router = try Self.shopRouter()

        if let match = try router.match("shop://goods/detail/42") {
            show(match.target, id: match.parameters.value("id", as: Int.self))
        }

        #expect(shown.screens == ["GoodsDetail 42"])
    }

    @Test func parametersAreReadTypedOrAsText() throws {
        var builder = RouterBuilder<String>()
        try builder.register("shop://goods/detail/:id<Int>", to: "GoodsDetail")
        let match = try #require(try builder.build().match("shop://goods/detail/42?ref=home"))

        // shop://goods/detail/42?ref=home
        let id = match.parameters.value("id", as: Int.self)  // 42
        let ref = match.parameters["ref"]  // "home"

        #expect(id == 42)
        #expect(ref == "home")
    }

    @Test func reverseRoutingBuildsTheURLOfANamedRoute() throws {
        let router = try Self.shopRouter()

        let url = try router.url(named: "goods.detail", parameters: ["id": 42])
        // shop://goods/detail/42

        #expect(url.absoluteString == "shop://goods/detail/42")
    }

    @Test func aPatternIsParsedOnce() throws {
        let pattern = try RoutePattern("shop://goods/detail/:id<Int>")

        #expect(pattern.scheme == "shop")
        #expect(pattern.host == "goods")
    }

    @Test func anAmbiguousRegistrationThrowsTheErrorItsFactoryMakes() throws {
        var builder = RouterBuilder<Int>()
        try builder.register("shop://a/:x", to: 1)

        #expect(throws: RouteError.ambiguousRoutes("shop://a/:x", "shop://a/:y")) {
            try builder.register("shop://a/:y", to: 2)
        }
        #expect(builder.count == 1)
    }
}
