import BCKit
import BCKitTesting
import Testing

@testable import ConsoleShop

/// Answers the goods question the way the goods screen's Refresh controller does.
private final class FakeGoods: StubController, GoodsQuery {
    let goods: Goods

    init(_ goods: Goods) {
        self.goods = goods
    }

    var currentGoods: Goods? {
        record()
        return goods
    }
}

/// Answers the stock question with a fixed number of units.
private final class FakeStock: StubController, StockQuery {
    let units: Int

    init(units: Int) {
        self.units = units
    }

    func availableUnits(of goodsID: Int) -> Int? {
        record(goodsID)
        return units
    }
}

/// Hears the cart change, as the badge does.
private final class FakeBadge: StubController, CartConversation {
    func cartDidChange(count: Int, added goods: Goods) {
        record(count, goods.id)
    }
}

/// The shop's controllers tested alone: what they ask of their screen (navigate, dismiss, alert)
/// is recorded by BCKitTesting's `HostServicesStub`, with no app and no screen.
@MainActor
@Suite struct ControllerHostServicesTests {
    private let quiet = Transcript { _ in }

    @Test func tappingTheCartIconAsksTheScreenToOpenTheCart() {
        let test = TestOwner(testing: CartBadgeController(store: .sample(), transcript: quiet))
        let host = test.stub(HostServicesStub())
        test.drive(to: .appeared)

        test.send((any CartBadgeTapConversation).self) { $0.userTappedCartBadge() }

        #expect(host.routes == ["shop://cart"])
        test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
        test.finish()
    }

    @Test(arguments: [true, false])
    func theLoginFormDismissesItsScreenOnceTheShopperSignsInOrGivesUp(signedIn: Bool) {
        let test = TestOwner(testing: LoginFormController(transcript: quiet))
        let host = test.stub(HostServicesStub())
        test.drive(to: .appeared)

        test.send((any AccountConversation).self) { form in
            if signedIn { form.accountDidSignIn(as: "ada") } else { form.signInWasCancelled() }
        }

        #expect(host.dismissals == 1)
        #expect(host.routes.isEmpty)
        test.expectSent((any HostServiceConversation).self, "dismiss()")
        test.finish()
    }

    @Test func addingASoldOutArticleShowsAnAlertAndChangesNothing() throws {
        let store = Store.sample()
        let soldOut = try #require(store.goods(id: 3))
        let test = TestOwner(testing: AddToCartController(store: store, transcript: quiet))
        let host = test.stub(HostServicesStub())
        test.stub(FakeGoods(soldOut))
        test.stub(FakeStock(units: 0))
        test.drive(to: .appeared)
        test.expectSent((any GoodsQuery).self)

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        #expect(host.alerts == [HostAlert(title: "Sold out", message: "\"Wrist Rest\" is sold out.")])
        #expect(store.cartCount == 0)
        test.expectSent((any StockQuery).self, "availableUnits(of: 3)")
        test.expectSent((any HostServiceConversation).self)
        test.finish()
    }

    @Test func addingWithoutAStockAnswerShowsAnAlertInsteadOfSellingBlind() throws {
        let store = Store.sample()
        // Nobody answers the stock question here on purpose, so unanswered messages are allowed.
        let test = TestOwner(testing: AddToCartController(store: store, transcript: quiet), exhaustivity: .off)
        let host = test.stub(HostServicesStub())
        test.stub(FakeGoods(try #require(store.goods(id: 1))))
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        #expect(host.alerts.map(\.title) == ["Cannot add"])
        #expect(store.cartCount == 0)
        test.expectSent((any StockQuery).self)
        test.expectSent((any HostServiceConversation).self)
        test.finish()
    }

    @Test func addingAnArticleInStockAsksTheScreenForNothing() throws {
        let store = Store.sample()
        let test = TestOwner(testing: AddToCartController(store: store, transcript: quiet))
        let host = test.stub(HostServicesStub())
        test.stub(FakeGoods(try #require(store.goods(id: 1))))
        test.stub(FakeStock(units: 3))
        test.stub(FakeBadge())
        test.drive(to: .appeared)
        test.skipSentMessages()

        test.send((any AddToCartTapConversation).self) { $0.userTappedAddToCart() }

        #expect(store.cartCount == 1)
        #expect(host.calls.isEmpty)
        test.expectSent((any StockQuery).self, "availableUnits(of: 1)")
        test.expectSent((any CartConversation).self, "cartDidChange(count: 1, added: 1)")
        test.finish()
    }
}
