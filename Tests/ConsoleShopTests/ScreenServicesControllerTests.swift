import BCKit
import Foundation
import Testing

@testable import ConsoleShop

/// A stand-in view for a slot.
private final class Banner: CustomStringConvertible {
    var description: String { "a banner" }
}

/// The launched shop with every line it writes captured.
@MainActor
private final class Shop {
    private final class Lines {
        var all: [String] = []
    }

    private let captured = Lines()
    let transcript: Transcript
    let app: ShopApp
    let session: ShopSession

    init() async throws {
        let captured = captured
        transcript = Transcript { captured.all.append($0) }
        app = try ShopApp(transcript: transcript)
        try await app.launch()
        session = ShopSession(app: app, transcript: transcript)
    }

    var lines: [String] { captured.all.map { $0.trimmingCharacters(in: .whitespaces) } }
    var stack: String { app.sessions.map(\.screen.owner.name).joined(separator: " > ") }

    /// Executes each line; returns what they wrote.
    @discardableResult
    func run(_ commands: String...) -> [String] {
        let start = captured.all.count
        for command in commands {
            #expect(session.execute(command), "'\(command)' ended the session")
        }
        return Array(lines[start...])
    }

    /// The screen on top's services, as its controllers reach them.
    var servicesOnTop: CommunicationCenter {
        guard let owner = app.current?.screen.owner else { preconditionFailure("no screen is open") }
        return owner.center
    }
}

/// The console screens' side of `HostServiceConversation`: each request reaches the app or the
/// transcript, and a screen driven without an app says so instead of failing.
@MainActor
@Suite struct ScreenServicesControllerTests {
    @Test func tappingTheCartIconOnAGoodsScreenOpensTheCartThroughTheApp() async throws {
        let shop = try await Shop()
        let output = shop.run("open shop://goods/detail/42", "cart")
        #expect(shop.stack == "Home > GoodsDetail > Cart")
        #expect(
            output.contains("CartBadge <- CartBadgeTapConversation -> HostServiceConversation.navigate shop://cart"))
        #expect(output.contains("shop://cart: opened cart"))
    }

    @Test func theLoginScreenClosesItselfOnceTheShopperSignsIn() async throws {
        let shop = try await Shop()
        shop.run("open shop://login")
        #expect(shop.stack == "Home > Login")
        let output = shop.run("login ada")
        #expect(shop.stack == "Home")
        let closing = try #require(output.firstIndex(of: "host closes Login"))
        #expect(output[..<closing].contains("host -> AccountConversation.accountDidSignIn on Login"))
        #expect(output[..<closing].contains { $0.hasPrefix("LoginForm <- AccountConversation: ada signed in") })
    }

    @Test func signingInFromAnotherScreenClosesNothing() async throws {
        let shop = try await Shop()
        shop.run("open shop://goods/detail/1")
        shop.run("login")
        #expect(shop.stack == "Home > GoodsDetail")
        #expect(shop.app.sessions.last?.tracer.graph.mermaid().contains("AccountConversation| unhandled") == true)
    }

    @Test func dismissingAScreenWithScreensOnTopClosesThoseAndKeepsIt() async throws {
        let shop = try await Shop()
        shop.run("open shop://goods/detail/1", "open shop://cart")
        let home = try #require(shop.app.sessions.first?.screen)
        home.owner.center.dismiss()
        #expect(shop.stack == "Home")
        home.owner.center.dismiss()
        #expect(shop.stack == "Home")
        #expect(shop.lines.last == "nothing to go back to: Home is the first screen")
    }

    @Test func presentingAScreenPushesItAndAnythingElseIsRefused() async throws {
        let shop = try await Shop()
        shop.servicesOnTop.present(CartScreen(store: shop.app.store, transcript: shop.transcript))
        #expect(shop.stack == "Home > Cart")
        shop.servicesOnTop.present(Banner())
        #expect(shop.stack == "Home > Cart")
        #expect(shop.lines.last == "Cart cannot present a Banner: the console presents only screens")
    }

    @Test func alertsAndSlotsAreShownAsLines() async throws {
        let shop = try await Shop()
        shop.servicesOnTop.showAlert(HostAlert(title: "Welcome", message: "Sale today"))
        #expect(shop.lines.last == "Home shows an alert: Welcome: Sale today [OK]")
        shop.servicesOnTop.fill("header", with: Banner())
        #expect(shop.lines.last == "Home shows a banner in its header")
    }

    @Test func aScreenDrivenAloneWritesDownWhatOnlyAnAppCouldDo() {
        var lines: [String] = []
        let transcript = Transcript { lines.append($0) }
        let screen = GoodsDetailScreen(goodsID: 1, store: .sample(), transcript: transcript)
        let session = Session(screen: screen, transcript: transcript)
        session.execute("appear")
        session.execute("cart")
        #expect(lines.last == "    GoodsDetail is driven alone: no app opens shop://cart")
        screen.owner.center.dismiss()
        #expect(lines.last == "GoodsDetail is driven alone: no app dismisses it")
        screen.owner.center.present(CartScreen(store: .sample(), transcript: transcript))
        #expect(lines.last == "GoodsDetail is driven alone: no app presents Cart")
        #expect(screen.owner.state == .appeared)
    }
}
