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

    @Test func tappingTheIconAsksTheScreenToOpenTheCart() {
        let test = TestOwner(testing: CartBadgeController(store: .sample(), transcript: Fixtures.silentTranscript()))
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)

        test.send((any CartBadgeTapConversation).self) { $0.userTappedCartBadge() }

        test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
        #expect(screen.routes == ["shop://cart"])
        #expect(screen.dismissals == 0)
        test.finish()
    }
}
