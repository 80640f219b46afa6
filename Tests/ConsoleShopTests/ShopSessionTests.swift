import BCKit
import BCKitModules
import Foundation
import Testing

@testable import ConsoleShop

/// The whole shop, launched from its modules.json, with every line it writes captured.
@MainActor
private final class ScriptedApp {
    private final class Lines {
        var all: [String] = []
    }

    private let captured = Lines()
    let app: ShopApp
    let session: ShopSession

    init() async throws {
        let captured = captured
        let transcript = Transcript { captured.all.append($0) }
        app = try ShopApp(transcript: transcript)
        try await app.launch()
        session = ShopSession(app: app, transcript: transcript)
    }

    var lines: [String] { captured.all }

    var stack: String { app.sessions.map(\.screen.owner.name).joined(separator: " > ") }

    /// Executes each line and returns the screen stack after each one.
    func stacks(after lines: [String]) -> [String] {
        lines.map { line in
            #expect(session.execute(line), "'\(line)' ended the session")
            return stack
        }
    }
}

@MainActor
@Suite struct ShopSessionTests {
    @Test func theManifestDeclaresTheFourModulesAndTheirRoutes() async throws {
        let shop = try await ScriptedApp()
        #expect(shop.app.host.modules.map(\.id) == ["account", "home", "goods", "cart"])
        let routes = try #require(shop.app.host.navigator).router.routes
        #expect(routes.map(\.name) == ["login", "home", "goods.detail", "cart", "cart.add"])
        #expect(routes.map(\.target.guards) == [[], [], [], [], ["signedIn"]])
        #expect(routes.map(\.target.isExternal) == [false, true, true, true, false])
        #expect(shop.stack == "Home")
    }

    @Test func addingToTheCartSignedOutGoesThroughLoginAndThenContinues() async throws {
        let shop = try await ScriptedApp()
        let stacks = shop.stacks(after: [
            "open shop://goods/detail/42", "add-to-cart", "login ada", "open shop://cart", "back", "back", "back",
        ])
        #expect(
            stacks == [
                "Home > GoodsDetail",
                "Home > GoodsDetail > Login",
                "Home > GoodsDetail",
                "Home > GoodsDetail > Cart",
                "Home > GoodsDetail",
                "Home",
                "Home",
            ])
        #expect(shop.app.store.cart == [42: 1])
        #expect(shop.app.account.user == "ada")
        let milestones = shop.lines.filter {
            $0.hasPrefix("shop://") || $0.hasPrefix("signedIn guard") || $0.contains("put 1")
                || $0.contains("CartLines will-appear") || $0.hasPrefix("nothing to go back")
        }
        #expect(
            milestones.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "shop://home: opened home",
                "shop://goods/detail/42: opened goods.detail",
                "shop://cart/add/42: held by signedIn",
                "AddToCart put 1 \"Desk Mat\" in the cart -> CartConversation.cartDidChange",
                "signedIn guard: resumed 1 navigation",
                "CartLines will-appear: 1 x Desk Mat",
                "shop://cart: opened cart",
                "nothing to go back to: Home is the first screen",
            ])
    }

    @Test func cancellingTheLoginDropsTheAdd() async throws {
        let shop = try await ScriptedApp()
        let stacks = shop.stacks(after: ["open shop://goods/detail/1", "add-to-cart", "cancel"])
        #expect(stacks == ["Home > GoodsDetail", "Home > GoodsDetail > Login", "Home > GoodsDetail"])
        #expect(shop.app.store.cart.isEmpty)
        #expect(shop.lines.last == "signedIn guard: dropped shop://cart/add/1")
    }

    @Test func aSignedInShopperAddsWithoutTheLoginScreen() async throws {
        let shop = try await ScriptedApp()
        let stacks = shop.stacks(after: ["login", "open shop://goods/detail/2", "add-to-cart", "add-to-cart"])
        #expect(stacks == ["Home", "Home > GoodsDetail", "Home > GoodsDetail", "Home > GoodsDetail"])
        #expect(shop.app.store.cart == [2: 2])
    }

    @Test func routesListsEveryRouteWithItsGuard() async throws {
        let shop = try await ScriptedApp()
        let before = shop.lines.count
        shop.session.execute("routes")
        #expect(
            Array(shop.lines[before...]) == [
                "login         shop://login",
                "home          shop://home  (external)",
                "goods.detail  shop://goods/detail/:id<Int>  (external)",
                "cart          shop://cart  (external)",
                "cart.add      shop://cart/add/:id<Int>  (guard: signedIn)",
            ])
    }

    @Test(arguments: [
        ("open shop://nowhere", "shop://nowhere: unmatched"),
        ("open https://example.com/help", "https://example.com/help: opened in the web handler"),
        ("open shop://goods/detail/abc", "shop://goods/detail/abc: unmatched"),
        (
            "open shop://goods/detail/%ZZ",
            "error: 'shop://goods/detail/%ZZ' has a broken percent escape; write % as %25 and use two hex digits after each %."
        ),
        ("open", "error: `open` needs a URL, as in `open shop://home`; type `help` for the list."),
    ])
    func badURLsAreReportedAndTheShopGoesOn(line: String, expected: String) async throws {
        let shop = try await ScriptedApp()
        shop.session.execute(line)
        #expect(shop.lines.last == expected)
        #expect(shop.stack == "Home")
    }

    @Test(arguments: [
        ("link shop://goods/detail/42", "shop://goods/detail/42: opened goods.detail", "Home > GoodsDetail"),
        ("link SHOP://cart", "SHOP://cart: opened cart", "Home > Cart"),
        (
            "link shop://cart/add/42",
            "refused: 'shop://cart/add/42' comes from outside the app but opens route 'cart.add', which is internal; "
                + "mark the route external if outside links may open it.",
            "Home"
        ),
        (
            "link shop://login",
            "refused: 'shop://login' comes from outside the app but opens route 'login', which is internal; "
                + "mark the route external if outside links may open it.",
            "Home"
        ),
        (
            "link https://example.com/help",
            "refused: 'https://example.com/help' comes from outside the app and its scheme 'https' is not allowed "
                + "from outside; add it to the navigator's externalSchemes if links of that scheme may open the app.",
            "Home"
        ),
        ("link shop://nowhere", "shop://nowhere: unmatched", "Home"),
    ])
    func linksFromOutsideOpenOnlyExternalRoutesOfTheShopsScheme(line: String, expected: String, stack: String)
        async throws
    {
        let shop = try await ScriptedApp()
        shop.session.execute(line)
        #expect(shop.lines.last == expected)
        #expect(shop.stack == stack)
        #expect(shop.app.host.navigator?.waitingNavigations(for: "signedIn") == [])
        #expect(shop.app.store.cart.isEmpty)
    }

    @Test func theSameLinkOpenedInTheAppReachesTheInternalRoute() async throws {
        let shop = try await ScriptedApp()
        let stacks = shop.stacks(after: ["link shop://cart/add/42", "open shop://cart/add/42"])
        #expect(stacks == ["Home", "Home > Login"])
        #expect(shop.app.host.navigator?.waitingNavigations(for: "signedIn") == ["shop://cart/add/42"])
    }
}
