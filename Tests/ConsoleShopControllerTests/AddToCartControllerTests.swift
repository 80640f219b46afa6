import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

@MainActor
@Suite struct AddToCartControllerTests {
    @Test func putsOneUnitInTheCartAndTellsTheOthers() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        test.drive(to: .appeared)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent([
            "GoodsQuery.currentGoods",
            "StockQuery.availableUnits(of: 1)",
            "CartConversation.cartDidChange(count: 1, added: \"Mechanical Keyboard\")",
        ])
        #expect(store.cart == [1: 1])
        test.finish()
    }

    @Test func ignoresATapBeforeTheScreenHasAppeared() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.drive(to: .appearing)
        test.expectSent((any GoodsQuery).self)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectNoMoreSent()
        #expect(store.cart.isEmpty)
        test.finish()
    }

    @Test(
        arguments: [
            (
                nil,
                HostAlert(title: "Cannot add", message: "The stock of \"Mechanical Keyboard\" is unknown; try again.")
            ),
            (0, HostAlert(title: "Sold out", message: "\"Mechanical Keyboard\" is sold out.")),
        ] as [(Int?, HostAlert)])
    func refusesWhenTheStockIsUnknownOrEmptyAndAsksTheScreenToSayWhy(units: Int?, alert: HostAlert) {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = units
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.expectSent((any StockQuery).self, "availableUnits(of: 1)")
        test.expectSent((any HostServiceConversation).self, "showAlert(\(alert))")
        test.expectNoMoreSent()
        #expect(screen.alerts == [alert])
        #expect(screen.routes.isEmpty)
        #expect(store.cart.isEmpty)
        test.finish()
    }

    @Test func addingAsksTheScreenForNothing() {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: Fixtures.silentTranscript()))
        test.stub(FakeGoodsSource()).goods = Fixtures.keyboard
        test.stub(FakeStock()).units = 3
        test.stub(CartListener())
        let screen = test.stub(HostServicesStub())
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        test.skipSentMessages()
        #expect(screen.calls.isEmpty)
        #expect(store.cart == [1: 1])
        test.finish()
    }
}
