import BCKit
import BCKitTesting
import Testing

// The blocks of BCKitTesting's doc comments that test an add-to-cart controller, verbatim:
// TestOwner, its `expectSent` forms, SentMessage and StubCall.

@MainActor
private protocol AddToCartCommands: AnyObject {
    func addToCart(quantity: Int)
    func replaceCart(quantity: Int)
}

@MainActor
private protocol CartConversation: AnyObject {
    func add(goodsID: Int, quantity: Int)
    func clear()
}

extension CartConversation {
    func add(goodsID: Int, quantity: Int) { notHandled() }
    func clear() { notHandled() }
}

@MainActor
private protocol StockQuery: AnyObject {
    func stock(of goodsID: Int) -> Int?
}

@MainActor
private protocol PriceConversation: AnyObject {
    func priceDidChange(_ price: Int)
}

/// Adds goods to the cart, or replaces what the cart holds.
private final class AddToCartController: BusinessController, AddToCartCommands {
    weak var owner: Owner?
    let goodsID: Int

    init(goodsID: Int) {
        self.goodsID = goodsID
    }

    func addToCart(quantity: Int) {
        center.send((any CartConversation).self) { $0.add(goodsID: goodsID, quantity: quantity) }
    }

    func replaceCart(quantity: Int) {
        center.send((any CartConversation).self) { $0.clear() }
        addToCart(quantity: quantity)
    }
}

/// Shows the price once it knows the goods are in stock.
private final class PriceLabelController: BusinessController {
    weak var owner: Owner?

    func ownerDidLoad() {
        let units = center.first((any StockQuery).self) { $0.stock(of: 7) } ?? 0
        center.send((any PriceConversation).self) { $0.priceDidChange(units > 0 ? 300 : 0) }
    }
}

/// Stands in for the cart.
private final class FakeCart: StubController, CartConversation {
    func add(goodsID: Int, quantity: Int) { record(goodsID, quantity) }
    func clear() { record() }
}

/// Stands in for the stock.
private final class FakeStock: StubController, StockQuery {
    func stock(of goodsID: Int) -> Int? {
        record(goodsID)
        return 3
    }
}

/// Stands in for the price label's screen; records nothing.
private final class FakePriceTag: BusinessController, PriceConversation {
    weak var owner: Owner?

    func priceDidChange(_ price: Int) {}
}

@MainActor
@Suite struct AddToCartExampleTests {
    @Test func addingToCartTellsTheCart() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        let cart = test.stub(FakeCart())
        test.drive(to: .appeared)

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 2) }

        test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 2)")
        #expect(cart.calls.count == 1)
        test.finish()
    }

    @Test func aSentMessagePrintsItsSenderCallAndReceivers() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeCart())
        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 2) }

        print(test.sentMessages)
        // [AddToCartController -> CartConversation.add(goodsID: 7, quantity: 2) -> FakeCart (stub)]

        #expect(
            "\(test.sentMessages)"
                == "[AddToCartController -> CartConversation.add(goodsID: 7, quantity: 2) -> FakeCart (stub)]")
        test.skipSentMessages()
        test.finish()
    }

    @Test func anExpectationNamesTheConversationAndOptionallyTheCall() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeCart())

        test.send((any AddToCartCommands).self) { $0.replaceCart(quantity: 2) }

        test.expectSent((any CartConversation).self)
        test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 2)")
        test.finish()
    }

    @Test func severalMessagesAreExpectedInOrderBySummary() {
        let test = TestOwner(testing: PriceLabelController())
        test.stub(FakeStock())
        test.stub(FakePriceTag())

        test.drive(to: .loaded)

        test.expectSent(["StockQuery.stock(of: 7)", "PriceConversation"])
        test.finish()
    }

    @Test func aStubCallReadsAsSourceCode() {
        let text = StubCall(function: "add(goodsID:quantity:)", arguments: ["7", "2"]).description
        // "add(goodsID: 7, quantity: 2)"

        #expect(text == "add(goodsID: 7, quantity: 2)")
    }
}
