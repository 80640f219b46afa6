import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct CartBadgeControllerTests {
    @Test func readsTheCartWhenTheScreenLoads() {
        let store = Store.sample()
        store.addToCart(goodsID: 1)
        store.addToCart(goodsID: 2)
        let test = TestOwner(testing: CartBadgeController(store: store, transcript: Fixtures.silentTranscript()))

        test.drive(to: .loaded)

        #expect(test.controller.count == 2)
        test.finish()
    }

    @Test func followsTheCart() {
        let test = TestOwner(testing: CartBadgeController(store: .sample(), transcript: Fixtures.silentTranscript()))
        test.drive(to: .appeared)

        test.send((any CartConversation).self) { $0.cartDidChange(count: 4, added: Fixtures.keyboard) }

        #expect(test.controller.count == 4)
        test.expectLifecycle([.didLoad, .willAppear, .didAppear])
        test.finish()
    }

    /// The sample of the DocC article "Hosting an Owner", verbatim from `let test` on.
    @Test func tappingTheIconAsksTheScreenToOpenTheCart() {
        let transcript = Fixtures.silentTranscript()
        let test = TestOwner(testing: CartBadgeController(store: .sample(), transcript: transcript))
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.send((any CartBadgeTapConversation).self) { $0.userTappedCartBadge() }
        #expect(screen.routes == ["shop://cart"])

        test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
        #expect(screen.dismissals == 0)
        test.finish()
    }
}
