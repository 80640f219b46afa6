import BCKit
import Foundation
import Testing

// The DocC article "Flows": its Swift blocks, verbatim, and the behaviour it describes.

// MARK: - A paywall, made when the preview ends

protocol PreviewConversation: Conversation {
    func previewDidEnd(after seconds: Int)
}

extension PreviewConversation {
    func previewDidEnd(after seconds: Int) {
        relay((any PreviewConversation).self) { $0.previewDidEnd(after: seconds) }
    }
}

extension CommunicationCenter: PreviewConversation {}

/// Sells the full episode; exists only once a preview has ended.
final class PaywallController: BusinessController, PreviewConversation {
    weak var owner: Owner?
    private(set) var offer: String?

    func previewDidEnd(after seconds: Int) {
        offer = "Enjoyed \(seconds) seconds? Subscribe to watch on."
    }
}

// MARK: - Add to cart, behind sign-in

/// What the article's add-to-cart button tells the cart.
protocol CartUpdateConversation: Conversation {
    func cartDidAdd(goodsID: Int, for user: String)
}

extension CartUpdateConversation {
    func cartDidAdd(goodsID: Int, for user: String) {
        relay((any CartUpdateConversation).self) { $0.cartDidAdd(goodsID: goodsID, for: user) }
    }
}

extension CommunicationCenter: CartUpdateConversation {}

/// Adds the article to the cart, once the shopper is signed in.
final class AddToCartButtonController: BusinessController {
    weak var owner: Owner?
    private let goodsID: Int
    private let signedIn: Barrier<String>

    init(goodsID: Int, signedIn: Barrier<String>) {
        self.goodsID = goodsID
        self.signedIn = signedIn
    }

    func addTapped() {
        let (goodsID, signedIn) = (goodsID, signedIn)
        task { context in
            do throws(BarrierCancellation) {
                let user = try await context.wait(for: signedIn)
                context.controller?.center.cartDidAdd(goodsID: goodsID, for: user)
            } catch {
                // Cancelled: sign-in was given up. Abandoned: the screen went away. Add nothing.
            }
        }
    }
}

/// The cart, which hears what was added.
final class CartListController: BusinessController, CartUpdateConversation {
    weak var owner: Owner?
    private(set) var lines: [String] = []

    func cartDidAdd(goodsID: Int, for user: String) { lines.append("#\(goodsID) for \(user)") }
}

/// Stands in for the app's login screen.
@MainActor
final class LoginScreen {
    private(set) var shown = 0

    func show() { shown += 1 }
}

// MARK: - A navigation that answers back

/// Shows what became of the checkout it asked for.
final class CheckoutButtonController: BusinessController {
    weak var owner: Owner?
    private(set) var status = ""

    func checkoutTapped() {
        let outcome = center.navigate(to: "shop://checkout")
        status = "\(outcome)"
        guard let pending = outcome.pending else { return }
        task { context in
            guard let final = try? await context.wait(for: pending) else { return }
            context.controller?.status = "\(final)"
        }
    }
}

@MainActor
@Suite struct FlowsArticleTests {
    @Test func thePaywallIsMadeByTheEndOfThePreviewNotByAnAppearance() throws {
        let owner = Owner(name: "Player")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach(
            lazily: { PaywallController() },
            speaking: [(any PreviewConversation).self],
            creation: .onFirstMessage
        )
        try owner.didLoad()
        try owner.willAppear()  // no paywall yet
        owner.center.previewDidEnd(after: 30)  // created, caught up with the screen, and told

        let paywall = try #require(owner.controllers.first as? PaywallController)
        #expect(paywall.offer == "Enjoyed 30 seconds? Subscribe to watch on.")
        #expect(owner.state(of: paywall) == .appearing)
        // Nobody heard the appearance: the paywall was made by the message, after it.
        #expect(
            transcript.lines == [
                "[Player] lifecycle did-load: host -> nobody",
                "[Player] lifecycle will-appear: host -> nobody",
                "[Player] lazily created PaywallController: first message of PreviewConversation",
                "[Player] lifecycle did-load: host -> PaywallController",
                "[Player] lifecycle will-appear: host -> PaywallController",
                "[Player] send PreviewConversation.previewDidEnd(after:): host -> PaywallController",
            ])
    }

    @Test func theAddWaitsForSignInAndGoesOnOrIsDropped() async throws {
        let loginScreen = LoginScreen()
        let signedIn = Barrier<String>("signedIn") { _ in loginScreen.show() }
        let owner = Owner(name: "Goods")
        let button = AddToCartButtonController(goodsID: 42, signedIn: signedIn)
        let cart = CartListController()
        try owner.attach([button, cart])
        try owner.didLoad()

        button.addTapped()
        await turns { signedIn.waiterCount == 1 }
        #expect(loginScreen.shown == 1)
        signedIn.cancel()  // every waiting action is dropped
        await turns { owner.unfinishedTasks.isEmpty }
        #expect(cart.lines.isEmpty)

        button.addTapped()
        button.addTapped()
        await turns { signedIn.waiterCount == 2 }
        #expect(loginScreen.shown == 2)
        signedIn.overcome(with: "ada")
        await turns { cart.lines.count == 2 }
        #expect(cart.lines == ["#42 for ada", "#42 for ada"])
        withExtendedLifetime(owner) {}
    }

    @Test func theCheckoutButtonShowsTheOutcomeThenTheFinalOne() async throws {
        let owner = Owner(name: "Goods")
        let button = CheckoutButtonController()
        try owner.attach(button)
        try owner.didLoad()
        let relay = HostRelay(owner: owner)
        let pending = Barrier<HostNavigationOutcome>("checkout")
        relay.provideServices(HostServices(navigate: { _ in .held(by: "signedIn", pending: pending) }))

        button.checkoutTapped()
        #expect(button.status == "held by signedIn")
        await turns { pending.waiterCount == 1 }
        pending.overcome(with: .opened("checkout"))
        await turns { button.status != "held by signedIn" }
        #expect(button.status == "opened checkout")

        relay.services?.onNavigate = { _ in .unmatched }
        button.checkoutTapped()
        #expect(button.status == "unmatched")
    }

    @Test func theArticleIsInTheCatalogAndNamesBoardysPieces() throws {
        let root = DocumentationCodeBlockTests.root
        let article = try String(
            contentsOf: root.appending(path: "Sources/BCKit/BCKit.docc/Flows.md"), encoding: .utf8)
        for piece in ["`BoardProducer`", "`BarrierBoard`", "`TaskBoard`", "output"] {
            #expect(article.contains(piece), "\(piece)")
        }
        let landing = try String(
            contentsOf: root.appending(path: "Sources/BCKit/BCKit.docc/BCKit.md"), encoding: .utf8)
        #expect(landing.contains("<doc:Flows>"))
    }
}
