import BCKit
import Testing

// The blocks of the doc comments of BCKit's flows, verbatim: LazyCreation, Barrier,
// BarrierCancellation, ControllerTaskContext's wait(for:) and HostNavigationOutcome.

private protocol PreviewConversation: Conversation {
    func previewDidEnd(after seconds: Int)
}

extension PreviewConversation {
    func previewDidEnd(after seconds: Int) {
        relay((any PreviewConversation).self) { $0.previewDidEnd(after: seconds) }
    }
}

extension CommunicationCenter: PreviewConversation {}

/// Sells the full episode once a preview has ended.
private final class PaywallController: BusinessController, PreviewConversation {
    weak var owner: Owner?
    private(set) var shown = 0

    func previewDidEnd(after seconds: Int) { shown += 1 }
}

/// Adds goods once the shopper is signed in: Barrier's and wait(for:)'s samples, and
/// BarrierCancellation's.
private final class SignedInAddButton: BusinessController {
    weak var owner: Owner?
    private let signedIn: Barrier<String>
    private let goodsID: Int
    private(set) var added: [String] = []
    private(set) var cancellationsShown = 0

    init(signedIn: Barrier<String>, goodsID: Int) {
        self.signedIn = signedIn
        self.goodsID = goodsID
    }

    func add(_ goodsID: Int, for user: String) { added.append("#\(goodsID) for \(user)") }

    func showSignInWasCancelled() { cancellationsShown += 1 }

    func userTappedAddToCart() {
        let (signedIn, goodsID) = (signedIn, goodsID)
        task { context in
            guard let user = try? await context.wait(for: signedIn) else { return }  // cancelled: add nothing
            context.controller?.add(goodsID, for: user)
        }
    }

    func userTappedAddToCartSayingWhy() {
        let (signedIn, goodsID) = (signedIn, goodsID)
        task { context in
            do throws(BarrierCancellation) {
                let user = try await context.wait(for: signedIn)
                context.controller?.add(goodsID, for: user)
            } catch {
                // `error` is a BarrierCancellation; an abandoned wait has nobody left to tell.
                if !error.isAbandoned { context.controller?.showSignInWasCancelled() }
            }
        }
    }
}

/// Shows what became of the checkout it asked for.
private final class OutcomeCheckoutButton: BusinessController {
    weak var owner: Owner?
    private(set) var status = ""

    func checkoutTapped() {
        let outcome = center.navigate(to: "shop://checkout")
        status = "\(outcome)"  // "held by signedIn"
        guard let pending = outcome.pending else { return }
        task { context in
            let final = try? await context.wait(for: pending)  // nil if the controller left first
            context.controller?.status = final.map { "\($0)" } ?? ""  // "opened checkout"
        }
    }
}

/// Lets the main actor run until `condition` holds.
@MainActor
private func turns(until condition: () -> Bool) async {
    for _ in 0..<10_000 where !condition() { await Task.yield() }
}

@MainActor
@Suite struct FlowsExampleTests {
    @Test func aPaywallIsMadeOnlyByTheEndOfThePreview() throws {
        let owner = Owner(name: "Player")
        // Created only once the preview ends, as Boardy's `BoardProducer` creates a board:
        try owner.attach(
            lazily: { PaywallController() },
            speaking: [(any PreviewConversation).self],
            creation: .onFirstMessage
        )
        try owner.didLoad()
        try owner.willAppear()
        #expect(owner.controllers.isEmpty)
        owner.center.previewDidEnd(after: 30)
        #expect((owner.controllers.first as? PaywallController)?.shown == 1)
    }

    @Test func theTapWaitsForTheBarrierAndAddsOnceItIsOvercome() async throws {
        let signedIn = Barrier<String>("signedIn")
        let owner = Owner(name: "Goods")
        let button = SignedInAddButton(signedIn: signedIn, goodsID: 42)
        try owner.attach(button)
        button.userTappedAddToCart()
        await turns { signedIn.waiterCount == 1 }
        signedIn.overcome(with: "ada")
        await turns { !button.added.isEmpty }
        #expect(button.added == ["#42 for ada"])
        withExtendedLifetime(owner) {}
    }

    @Test func aCancelledBarrierIsToldApartFromAnAbandonedWait() async throws {
        let signedIn = Barrier<String>("signedIn")
        let owner = Owner(name: "Goods")
        let button = SignedInAddButton(signedIn: signedIn, goodsID: 42)
        try owner.attach(button)
        button.userTappedAddToCartSayingWhy()
        await turns { signedIn.waiterCount == 1 }
        signedIn.cancel()
        await turns { button.cancellationsShown == 1 }
        button.userTappedAddToCartSayingWhy()
        await turns { signedIn.waiterCount == 1 }
        try owner.detach(button)
        await turns { owner.unfinishedTasks.isEmpty }
        #expect(button.cancellationsShown == 1)
        #expect(button.added.isEmpty)
    }

    @Test func aBarrierMadeOvercomeReturnsAtOnce() async throws {
        let signedIn = Barrier("signedIn", overcomeWith: "ada")  // a test, a session restored
        let owner = Owner(name: "Goods")
        let button = SignedInAddButton(signedIn: signedIn, goodsID: 7)
        try owner.attach(button)
        button.userTappedAddToCart()
        await turns { !button.added.isEmpty }
        #expect(button.added == ["#7 for ada"])
        #expect(signedIn.waiterCount == 0)
        withExtendedLifetime(owner) {}
    }

    @Test func theButtonShowsTheOutcomeThenTheFinalOne() async throws {
        let owner = Owner(name: "Goods")
        let button = OutcomeCheckoutButton()
        try owner.attach(button)
        let pending = Barrier<HostNavigationOutcome>("checkout")
        let relay = HostRelay(owner: owner)
        relay.provideServices(HostServices(navigate: { _ in .held(by: "signedIn", pending: pending) }))
        button.checkoutTapped()
        #expect(button.status == "held by signedIn")
        await turns { pending.waiterCount == 1 }
        pending.overcome(with: .opened("checkout"))
        await turns { button.status == "opened checkout" }
        #expect(button.status == "opened checkout")
    }
}
