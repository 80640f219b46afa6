import BCKitModules
import Foundation
import Testing

@MainActor
@Suite struct ExternalNavigationTests {
    let recorder = Recorder()

    func navigator(schemes: Set<String> = ["shop"]) throws -> Navigator {
        let recorder = recorder
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://goods/:id<Int>", name: "goods",
            to: RouteDestination(external: true) { _ in recorder.record("goods") })
        try builder.register(
            "shop://goods/:id<Int>/buy", name: "buy", to: RouteDestination { _ in recorder.record("buy") })
        try builder.register(
            "shop://goods/*rest", name: "search",
            to: RouteDestination(external: true) { _ in recorder.record("search") })
        return try Navigator(
            router: builder.build(), webHandler: { recorder.record("web \($0.url)") },
            unmatchedHandler: { recorder.record("unmatched \($0.url)") }, externalSchemes: schemes)
    }

    @Test(arguments: ["shop://goods/1", "SHOP://goods/1"])
    func anOutsideLinkOpensAnExternalRouteOfAnAllowedScheme(url: String) throws {
        #expect(try navigator().open(url, from: .outside) == .opened("goods"))
        #expect(recorder.entries == ["goods"])
    }

    @Test func anOutsideLinkToAnInternalRouteIsRefusedRatherThanFallingBack() throws {
        // The less specific external catch-all would match too; the link is refused anyway, so
        // an internal action never turns into another screen without anybody noticing.
        #expect(throws: RouteError.internalRoute("shop://goods/1/buy", route: "buy")) {
            try navigator().open("shop://goods/1/buy", from: .outside)
        }
        #expect(recorder.entries.isEmpty)
    }

    @Test(arguments: [("other://goods/1", "other"), ("https://example.com", "https")])
    func anOutsideLinkOfAnotherSchemeIsRefused(url: String, scheme: String) throws {
        #expect(throws: RouteError.schemeNotAllowed(url, scheme: scheme)) {
            try navigator().open(url, from: .outside)
        }
        #expect(recorder.entries.isEmpty)
    }

    @Test func nothingOpensFromOutsideUntilTheAppNamesItsSchemes() throws {
        #expect(throws: RouteError.schemeNotAllowed("shop://goods/1", scheme: "shop")) {
            try navigator(schemes: []).open("shop://goods/1", from: .outside)
        }
    }

    @Test(arguments: ["SHOP", "Shop", "shop"])
    func aSchemeAllowedLaterInAnyCaseLetsItsLinksIn(scheme: String) throws {
        let navigator = try navigator(schemes: [])
        navigator.externalSchemes = [scheme]
        #expect(navigator.externalSchemes == ["shop"])
        #expect(try navigator.open("shop://goods/1", from: .outside) == .opened("goods"))
        #expect(try navigator.open("Shop://goods/2", from: .outside) == .opened("goods"))
        #expect(recorder.entries == ["goods", "goods"])
    }

    @Test func allowedWebLinksFromOutsideGoToTheWebHandler() throws {
        #expect(try navigator(schemes: ["shop", "HTTPS"]).open("https://example.com/a", from: .outside) == .web)
        #expect(recorder.entries == ["web https://example.com/a"])
    }

    @Test func aURLValueFromOutsideIsCheckedAsItsTextIs() throws {
        let navigator = try navigator()
        #expect(try navigator.open(#require(URL(string: "shop://goods/1")), from: .outside) == .opened("goods"))
        #expect(throws: RouteError.internalRoute("shop://goods/1/buy", route: "buy")) {
            try navigator.open(#require(URL(string: "shop://goods/1/buy")), from: .outside)
        }
        #expect(throws: RouteError.schemeNotAllowed("other://goods/1", scheme: "other")) {
            try navigator.open(#require(URL(string: "other://goods/1")), from: .outside)
        }
        #expect(try navigator.open(#require(URL(string: "shop://goods/1/buy")), from: .app) == .opened("buy"))
        #expect(recorder.entries == ["goods", "buy"])
    }

    @Test func inAppNavigationsOpenInternalAndExternalRoutes() throws {
        let navigator = try navigator()
        #expect(try navigator.open("shop://goods/1/buy") == .opened("buy"))
        #expect(try navigator.open("shop://goods/1/buy", from: .app) == .opened("buy"))
        #expect(try navigator.open("shop://goods/1") == .opened("goods"))
        #expect(recorder.entries == ["buy", "buy", "goods"])
    }

    @Test func theManifestMarksRoutesExternal() throws {
        let manifest = try ModuleManifest(
            json: Data(
                """
                {"modules": [{"id": "goods", "name": "Goods", "handler": "G", "priority": 1, "level": 2,
                  "routes": ["shop://a", {"pattern": "shop://b", "external": true},
                             {"pattern": "shop://c", "external": false}]}]}
                """.utf8))
        #expect(manifest.modules[0].routes.map(\.isExternal) == [false, true, false])
    }
}
