// The README's "Testing a business controller" test, verbatim from its first line, so it always
// compiles and passes; the controller and conversations it tests are in Fixtures/AddToCartController.swift.

import BCKit
import BCKitTesting
import Testing

final class FakeStock: StubController, StockQuery {
    var available = 0

    func stock(of goodsID: Int) -> Int? {
        record(goodsID)
        return available
    }
}

final class FakeCart: StubController, CartConversation {
    func add(goodsID: Int, quantity: Int) { record(goodsID, quantity) }
}

@MainActor
@Suite struct AddToCartControllerTests {
    @Test func addsToTheCartWhenInStock() {
        let test = TestOwner(testing: AddToCartController(goodsID: 7))
        test.stub(FakeStock()).available = 5
        test.stub(FakeCart())
        test.drive(to: .appeared)

        test.send((any AddToCartCommands).self) { $0.addToCart(quantity: 2) }

        test.expectSent((any StockQuery).self, "stock(of: 7)")
        test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 2)")
        test.finish()
    }
}
