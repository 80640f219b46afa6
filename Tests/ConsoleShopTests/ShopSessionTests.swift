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

    /// Executes each line, lets the tasks it started run (as the console does between two lines),
    /// and returns the screen stack after each one.
    func stacks(after lines: [String]) async -> [String] {
        var stacks: [String] = []
        for line in lines {
            #expect(session.execute(line), "'\(line)' ended the session")
            await session.settle()
            stacks.append(stack)
        }
        return stacks
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

    /// Signed out, add-to-cart waits for the account's barrier, which opens Login; signing in
    /// overcomes it and the add goes on.
    @Test func addingToTheCartSignedOutWaitsForSignInThenAdds() async throws {
        let shop = try await ScriptedApp()
        let stacks = await shop.stacks(after: [
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
            $0.hasPrefix("shop://") || $0.hasPrefix("signedIn barrier") || $0.contains("AddToCart")
                || $0.contains("CartLines will-appear") || $0.hasPrefix("nothing to go back")
        }
        #expect(
            milestones.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "shop://home: opened home",
                "AddToCart <- GoodsConversation: will add goods #42",
                "AddToCart did-appear: button enabled",
                "shop://goods/detail/42: opened goods.detail",
                "host -> AddToCartTapConversation",
                "AddToCart <- AddToCartTapConversation",
                "AddToCart waits for signedIn before adding",
                "AddToCart will-disappear: button disabled",
                "shop://login: opened login",
                "AddToCart did-appear: button enabled",
                "signedIn barrier: overcome as ada; 1 waiter goes on",
                "AddToCart signedIn overcome as ada: adds now",
                "AddToCart -> StockQuery.availableUnits, first answer wins",
                "AddToCart put 1 \"Desk Mat\" in the cart -> CartConversation.cartDidChange",
                "AddToCart will-disappear: button disabled",
                "CartLines will-appear: 1 x Desk Mat",
                "shop://cart: opened cart",
                "AddToCart did-appear: button enabled",
                "AddToCart will-disappear: button disabled",
                "nothing to go back to: Home is the first screen",
            ])
    }

    /// Cancelling the login cancels the barrier: the waiting add is dropped and adds nothing; the
    /// next tap waits again and opens Login again.
    @Test func cancellingTheLoginDropsTheAddAndTheNextTapWaitsAgain() async throws {
        let shop = try await ScriptedApp()
        let stacks = await shop.stacks(after: ["open shop://goods/detail/1", "add-to-cart", "cancel"])
        #expect(stacks == ["Home > GoodsDetail", "Home > GoodsDetail > Login", "Home > GoodsDetail"])
        #expect(shop.app.store.cart.isEmpty)
        #expect(
            shop.lines.suffix(2) == [
                "signedIn barrier: cancelled; 1 waiter dropped", "AddToCart signedIn cancelled: adds nothing",
            ])
        #expect(shop.app.account.signedIn.waiterCount == 0)
        #expect(await shop.stacks(after: ["add-to-cart"]) == ["Home > GoodsDetail > Login"])
    }

    /// Leaving the goods screen while the add waits abandons it: signing in later adds nothing.
    @Test func leavingTheScreenWhileTheAddWaitsDropsIt() async throws {
        let shop = try await ScriptedApp()
        _ = await shop.stacks(after: ["open shop://goods/detail/1", "add-to-cart", "back", "back", "login ada"])
        #expect(shop.app.store.cart.isEmpty)
        #expect(shop.lines.contains("signedIn barrier: overcome as ada; nothing waited"))
    }

    /// The route `shop://cart/add/:id` waits on the same barrier, as a route guard: signed out, it
    /// is held, and the first waiter opens Login.
    @Test func theGuardedRouteWaitsOnTheSameBarrier() async throws {
        let shop = try await ScriptedApp()
        let stacks = await shop.stacks(after: ["open shop://goods/detail/42", "open shop://cart/add/42", "login"])
        #expect(stacks == ["Home > GoodsDetail", "Home > GoodsDetail > Login", "Home > GoodsDetail"])
        #expect(shop.lines.contains("shop://cart/add/42: held by signedIn"))
        #expect(shop.app.store.cart == [42: 1])
    }

    @Test func aSignedInShopperAddsWithoutTheLoginScreen() async throws {
        let shop = try await ScriptedApp()
        let stacks = await shop.stacks(after: ["login", "open shop://goods/detail/2", "add-to-cart", "add-to-cart"])
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
            "shop://goods/detail/%ZZ: declined: 'shop://goods/detail/%ZZ' has a broken percent escape; write % as %25 "
                + "and use two hex digits after each %."
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
        let stacks = await shop.stacks(after: ["link shop://cart/add/42", "open shop://cart/add/42"])
        #expect(stacks == ["Home", "Home > Login"])
        #expect(shop.app.host.navigator?.waitingNavigations(for: "signedIn") == ["shop://cart/add/42"])
    }
}

extension ShopSessionTests {
    /// The `>` lines of the README's BCKitModules section, without prompt and comment.
    static func readmeSession() throws -> [String] {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appending(path: "README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Across screens: BCKitModules").dropFirst().first)
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first)
        return block.components(separatedBy: "```")[0].split(separator: "\n")
            .filter { $0.hasPrefix("> ") }
            .map { $0.dropFirst(2).components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces) }
    }

    @Test func theReadmeSessionDoesWhatItsCommentsSay() async throws {
        let commands = try Self.readmeSession()
        #expect(
            commands == [
                "open shop://goods/detail/42", "add-to-cart", "login ada", "open shop://cart", "back", "cart", "routes",
                "link shop://goods/detail/42", "link shop://cart/add/42",
            ])
        let shop = try await ScriptedApp()
        var seen = 0
        func run(_ command: String) async -> [String] {
            #expect(shop.session.execute(command), "'\(command)' ended the session")
            await shop.session.settle()
            defer { seen = shop.lines.count }
            return Array(shop.lines[seen...])
        }
        #expect(await run(commands[0]).last == "shop://goods/detail/42: opened goods.detail")
        // Signed out: the add waits for the signedIn barrier, which opens Login.
        #expect(await run(commands[1]).last == "shop://login: opened login")
        #expect(shop.stack == "Home > GoodsDetail > Login")
        #expect(shop.app.account.signedIn.waiterCount == 1)
        // Signed in: the login screen goes and the add goes on.
        let signedIn = await run(commands[2])
        #expect(signedIn.contains("signedIn barrier: overcome as ada; 1 waiter goes on"))
        #expect(signedIn.contains { $0.hasSuffix("in the cart -> CartConversation.cartDidChange") })
        #expect(shop.stack == "Home > GoodsDetail")
        #expect(shop.app.store.cart == [42: 1])
        #expect(await run(commands[3]).contains { $0.hasSuffix("CartLines will-appear: 1 x Desk Mat") })
        _ = await run(commands[4])
        #expect(shop.stack == "Home > GoodsDetail")
        // The cart icon asks its screen to open shop://cart.
        #expect(await run(commands[5]).contains { $0.hasSuffix("shop://cart: opened cart") })
        #expect(shop.stack == "Home > GoodsDetail > Cart")
        #expect(await run(commands[6]).contains("cart.add      shop://cart/add/:id<Int>  (guard: signedIn)"))
        #expect(await run(commands[7]).last == "shop://goods/detail/42: opened goods.detail")
        #expect(
            await run(commands[8]).last?.hasPrefix("refused: 'shop://cart/add/42' comes from outside the app") == true)
        #expect(shop.app.store.cart == [42: 1])
    }
}
