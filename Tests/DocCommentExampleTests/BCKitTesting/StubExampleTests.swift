import BCKit
import BCKitTesting
import Testing

// The blocks of BCKitTesting's StubController (a stub that answers through a closure the test sets)
// and HostServicesStub, verbatim.

@MainActor
private protocol StockQuery: AnyObject {
    func stock(of goodsID: Int) -> Int
}

/// Shows how many units are left when the screen loads.
private final class ShelfController: BusinessController {
    weak var owner: Owner?
    private(set) var label = ""

    func ownerDidLoad() {
        let units = center.first((any StockQuery).self) { $0.stock(of: 7) } ?? 0
        label = "\(units) left"
    }
}

/// Opens the cart when tapped.
private final class CheckoutButtonController: BusinessController {
    weak var owner: Owner?

    func tapped() { center.navigate(to: "shop://cart") }
}

@MainActor
@Suite struct StubExampleTests {
    @Test func aStubAnswersWithTheClosureTheTestSets() {
        let test = TestOwner(testing: ShelfController())

        final class FakeStock: StubController, StockQuery {
            var stock: (Int) -> Int = { _ in 0 }

            func stock(of goodsID: Int) -> Int {
                record(goodsID)
                return stock(goodsID)
            }
        }

        let stock = test.stub(FakeStock())
        stock.stock = { _ in 3 }
        test.drive(to: .loaded)

        #expect(test.controller.label == "3 left")
        test.expectSent((any StockQuery).self, "stock(of: 7)")
        test.finish()
    }

    @Test func theHostStubRecordsWhatTheControllerAskedOfItsScreen() {
        let test = TestOwner(testing: CheckoutButtonController())
        let host = test.stub(HostServicesStub())
        test.controller.tapped()
        #expect(host.routes == ["shop://cart"])
        test.expectSent((any HostServiceConversation).self, "navigate(to: \"shop://cart\")")
        test.finish()
    }
}
