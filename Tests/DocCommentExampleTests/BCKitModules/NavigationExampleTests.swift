import BCKit
import BCKitModules
import Foundation
import Testing

// The blocks of BCKitModules' navigation doc comments, verbatim: Navigator, NavigationOrigin,
// RouteDestination, RouteRequest and RouteGuard; and BCKit's HostRelay `provideServices(_:)`, whose
// navigations go to a navigator.

/// Whether the user is signed in.
@MainActor
private final class Session {
    var isSignedIn = false
}

/// What the sample's handlers did, in order.
@MainActor
private final class Journal {
    var entries: [String] = []
}

/// The goods the catalog sells.
@MainActor
private final class Catalog {
    func has(_ id: Int?) -> Bool { id.map { $0 < 100 } ?? false }
}

/// The cart the sample adds to.
@MainActor
private final class Cart {
    let journal: Journal

    init(journal: Journal) {
        self.journal = journal
    }

    func add(_ id: Int) { journal.entries.append("cart \(id)") }
}

/// A goods screen that reports a purchase to whoever opened it.
@MainActor
private final class GoodsScreen {
    /// Where the screens made while a test opens routes are kept.
    @TaskLocal static var opened: Opened?

    let id: Int
    var onPurchase: (@MainActor (Int) -> Void)?

    init(id: Int) {
        self.id = id
        Self.opened?.screens.append(self)
    }
}

/// The screens a route opened, and what they reported back.
@MainActor
private final class Opened {
    var screens: [GoodsScreen] = []
    var purchases: [Int] = []
}

@MainActor
@Suite struct NavigationExampleTests {
    private let journal = Journal()
    private let session = Session()
    private let catalog = Catalog()
    private var cart: Cart { Cart(journal: journal) }

    private func showLogin() { journal.entries.append("login") }
    private func addToCart(_ id: Int?) { journal.entries.append("cart \(id ?? 0)") }
    private func showGoods(_ id: Int?) { journal.entries.append("goods \(id ?? 0)") }

    @Test func aGuardedNavigationWaitsForTheGuardThenRuns() throws {
        var routes = RouterBuilder<RouteDestination>()
        try routes.register("shop://login", to: RouteDestination { _ in showLogin() })
        try routes.register(
            "shop://cart/add/:id<Int>",
            to: RouteDestination(guards: ["signedIn"]) { request in
                addToCart(request.parameters.value("id", as: Int.self))
            })
        let navigator = try Navigator(
            router: routes.build(),
            guards: [RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }]
        )
        try navigator.open("shop://cart/add/42")  // shows the login screen; the add waits
        navigator.guardDidSucceed("signedIn")  // the add runs now

        #expect(journal.entries == ["login", "cart 42"])
        #expect(try navigator.open("shop://cart/add/43") == .held(by: "signedIn"))
        #expect(journal.entries == ["login", "cart 42", "login"])
    }

    private func goodsNavigator() throws -> Navigator {
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://cart/add/:id<Int>",
            to: RouteDestination(guards: ["signedIn"]) { request in
                cart.add(request.parameters.value("id", as: Int.self) ?? 0)
            })
        try builder.register(
            "shop://goods/:id<Int>",
            to: RouteDestination(
                external: true,
                accepts: { catalog.has($0.parameters.value("id", as: Int.self)) },
                handler: { showGoods($0.parameters.value("id", as: Int.self)) }
            ))
        try builder.register(
            "shop://goods/detail/:id<Int>",
            to: RouteDestination(external: true) { request in
                showGoods(request.parameters.value("id", as: Int.self))
            })
        try builder.register("shop://login", to: RouteDestination { _ in showLogin() })
        let signedIn = RouteGuard(name: "signedIn", url: "shop://login") { session.isSignedIn }
        return try Navigator(router: builder.build(), guards: [signedIn])
    }

    @Test func aDestinationMayDeclineAMatchItCannotServe() throws {
        let navigator = try goodsNavigator()

        #expect(try navigator.open("shop://goods/7") == .opened("shop://goods/:id<Int>"))
        #expect(try navigator.open("shop://goods/700") == .declined(by: "shop://goods/:id<Int>"))
        #expect(journal.entries == ["goods 7"])
    }

    @Test func aNavigationFromOutsideOpensOnlyExternalRoutesOfAllowedSchemes() throws {
        let navigator = try goodsNavigator()
        session.isSignedIn = true

        #expect(throws: RouteError.internalRoute("shop://cart/add/42", route: "shop://cart/add/:id<Int>")) {
            navigator.externalSchemes = ["shop"]
            try navigator.open("shop://goods/detail/42", from: .outside)  // an external route: opens
            try navigator.open("shop://cart/add/42", from: .outside)  // throws internalRoute
        }
        try navigator.open("shop://goods/detail/42", from: .outside)  // a pasted link
        let url = try #require(URL(string: "shop://goods/detail/7"))
        try navigator.open(url, from: .outside)  // from application(_:open:options:) or onOpenURL

        #expect(journal.entries == ["goods 42", "goods 42", "goods 7"])
    }

    @Test func theOpenedScreenReportsBackThroughTheRequest() throws {
        let opened = Opened()
        var builder = RouterBuilder<RouteDestination>()
        try builder.register(
            "shop://goods/detail/:id<Int>",
            to: RouteDestination { request in
                let screen = GoodsScreen(id: request.parameters.value("id", as: Int.self) ?? 0)
                screen.onPurchase = { request.complete(with: $0) }
            })
        let navigator = try Navigator(router: builder.build())

        try GoodsScreen.$opened.withValue(opened) {
            // Weakly: the screen keeps the request, which keeps this completion.
            try navigator.open("shop://goods/detail/42") { [weak opened] in
                opened?.purchases.append($0 as? Int ?? 0)
            }
        }
        opened.screens.first?.onPurchase?(2)

        #expect(opened.screens.map(\.id) == [42])
        #expect(opened.purchases == [2])
    }

    @Test func aScreensNavigationsGoToTheNavigator() throws {
        let navigator = try goodsNavigator()
        let relay = HostRelay(owner: Owner(name: "Goods"))

        relay.provideServices(HostServices(navigate: { route in navigator.navigate(to: route) }))
        #expect(relay.owner.center.navigate(to: "shop://goods/detail/9").isOpened)
        #expect(!relay.owner.center.navigate(to: "not a route").isOpened)

        #expect(journal.entries == ["goods 9"])
    }
}
