import BCKit
import Testing

@testable import BCKitModules

/// Binds its own handler to `stock.item` (which serves ids below 10) and leaves the rest to
/// `handle(_:)`.
@MainActor
final class StockModule: Module {
    weak var owner: Owner?
    let recorder: Recorder

    init(recorder: Recorder) {
        self.recorder = recorder
    }

    func handler(for route: ModuleRoute) -> ModuleRouteHandler? {
        guard route.name == "stock.item" else { return nil }
        let recorder = recorder
        return ModuleRouteHandler(
            accepts: { ($0.parameters.value("id", as: Int.self) ?? 0) < 10 },
            handle: { request in recorder.record("item \(request.parameters["id"] ?? "-")") })
    }

    func handle(_ request: RouteRequest) {
        recorder.record("handle \(request.routeName ?? "-") \(request.parameters.rest)")
    }
}

@MainActor
@Suite struct RouteDeclineTests {
    let recorder = Recorder()

    /// Goods by number (in stock below 100), by slug (known slugs only), then a catch-all that
    /// serves only `help`.
    func navigator() throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        func destination(_ name: String, accepts: @escaping RouteAcceptance) -> RouteDestination {
            RouteDestination(
                accepts: { request in
                    let taken = accepts(request)
                    recorder.record("\(name) \(taken ? "accepts" : "declines")")
                    return taken
                },
                handler: { _ in recorder.record("\(name) opened") })
        }
        try builder.register(
            "shop://goods/:id<Int>", name: "number",
            to: destination("number") { ($0.parameters.value("id", as: Int.self) ?? 0) < 100 })
        try builder.register(
            "shop://goods/:slug", name: "slug",
            to: destination("slug") { ["shoes", "7000"].contains($0.parameters["slug"]) })
        try builder.register(
            "shop://goods/*rest", name: "rest", to: destination("rest") { $0.parameters.rest.first == "help" })
        return try Navigator(router: builder.build(), unmatchedHandler: { recorder.record("unmatched \($0.url)") })
    }

    @Test func anAcceptedMatchOpensItsRouteWithoutAskingLessSpecificOnes() throws {
        #expect(try navigator().open("shop://goods/42") == .opened("number"))
        #expect(recorder.entries == ["number accepts", "number opened"])
    }

    @Test func aDeclineFallsThroughToTheNextRouteInPrecedenceOrder() throws {
        #expect(try navigator().open("shop://goods/7000") == .opened("slug"))
        #expect(recorder.entries == ["number declines", "slug accepts", "slug opened"])
    }

    @Test func declinesFallThroughToTheCatchAll() throws {
        #expect(try navigator().open("shop://goods/help") == .opened("rest"))
        #expect(recorder.entries == ["slug declines", "rest accepts", "rest opened"])
    }

    /// Declined, not unmatched: routes matched, and the most specific one is named.
    @Test func whenEveryCandidateDeclinesTheURLIsDeclinedByTheFirstAndTheUnmatchedHandlerRuns() throws {
        #expect(try navigator().open("shop://goods/500") == .declined(by: "number"))
        #expect(
            recorder.entries == [
                "number declines", "slug declines", "rest declines", "unmatched shop://goods/500",
            ])
    }

    @Test func aDeclineIsAskedBeforeTheGuardsSoADeclinedRouteNeverWaits() throws {
        var builder = RouterBuilder<RouteDestination>()
        let recorder = recorder
        try builder.register(
            "shop://cart/add/:id<Int>", name: "add",
            to: RouteDestination(
                guards: ["signedIn"], accepts: { _ in false }, handler: { _ in recorder.record("add") }))
        try builder.register("shop://cart/*rest", name: "cart", to: RouteDestination { _ in recorder.record("cart") })
        let navigator = try Navigator(
            router: builder.build(), guards: [RouteGuard(name: "signedIn", url: "shop://login") { false }])
        #expect(try navigator.open("shop://cart/add/1") == .opened("cart"))
        #expect(navigator.waitingNavigations(for: "signedIn").isEmpty)
        #expect(recorder.entries == ["cart"])
    }

    @Test func aDeclineIsNotRememberedAsADeadEndOfItsShape() throws {
        // The literal and the Int subtree have one shape; declining the literal route must not
        // make the lookup skip the Int one as if it were dead.
        var builder = RouterBuilder<String>()
        try builder.register("shop://a/1/x", to: "literal")
        try builder.register("shop://a/:n<Int>/x", to: "int")
        try builder.register("shop://a/:s/x", to: "untyped")
        let router = builder.build()
        #expect(!router.table.classes.isEmpty)
        var offered: [String] = []
        let match = try router.match(RouteURL("shop://a/1/x")) { candidate in
            offered.append(candidate.target)
            return candidate.target != "literal"
        }
        #expect(match?.target == "int")
        #expect(offered == ["literal", "int"])
    }

    @Test func aModuleRouteCallsItsBoundHandlerAndADeclineFallsThroughToTheModulesNextRoute() async throws {
        let host = ModuleHost()
        try host.register(
            StockModule(recorder: recorder), info: ModuleInfo(id: "stock"),
            routes: [ModuleRoute("shop://stock/:id<Int>", name: "stock.item"), ModuleRoute("shop://stock/*rest")])
        try await host.launch()
        #expect(try host.open("shop://stock/5") == .opened("stock.item"))
        #expect(try host.open("shop://stock/50") == .opened("shop://stock/*rest"))
        #expect(recorder.entries == ["item 5", "handle shop://stock/*rest [\"50\"]"])
    }
}
