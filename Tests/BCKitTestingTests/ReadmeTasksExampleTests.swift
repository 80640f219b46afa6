import BCKit
import BCKitTesting
import Testing

// The task samples of the README (its settle test), of the Controller Tasks article and of
// Testing a Business Controller, verbatim, so they cannot rot (DocumentationCodeBlockTests checks).

@MainActor
protocol Warehouse {
    func units(of goodsID: Int) async -> Int
}

@MainActor
protocol ShelfConversation: AnyObject {
    func stockDidChange(_ units: Int)
}

/// Asks the warehouse when the screen loads, and tells the shelf.
final class InventoryController: BusinessController {
    weak var owner: Owner?
    private let goodsID: Int
    private let warehouse: any Warehouse

    init(goodsID: Int, warehouse: any Warehouse) {
        self.goodsID = goodsID
        self.warehouse = warehouse
    }

    func ownerDidLoad() {
        // Copied into locals, so the operation does not capture `self`.
        let (goodsID, warehouse) = (goodsID, warehouse)
        task { context in
            let units = await warehouse.units(of: goodsID)
            // Fetched again after the `await`: nil once the controller left the screen.
            context.controller?.center.send((any ShelfConversation).self) { $0.stockDidChange(units) }
        }
    }
}

extension ShelfConversation {
    func stockDidChange(_ units: Int) {}
}

/// The controller tasks article's clock: work that runs only while the screen is visible.
final class ClockController: BusinessController {
    weak var owner: Owner?
    private(set) var ticks = 0

    func didAttach(to owner: Owner) {
        repeatWhileAppeared { context in
            while !Task.isCancelled {
                context.controller?.refreshClock()
                try? await Task.sleep(for: .seconds(1))
            }
        }
    }

    func refreshClock() { ticks += 1 }
}

final class FakeWarehouse: Warehouse {
    let units: Int

    init(units: Int) {
        self.units = units
    }

    func units(of goodsID: Int) async -> Int {
        await Task.yield()
        return units
    }
}

final class FakeShelf: StubController, ShelfConversation {
    func stockDidChange(_ units: Int) { record(units) }
}

@MainActor
@Suite struct InventoryControllerTests {
    @Test func tellsTheShelfOnceTheWarehouseAnswers() async {
        let test = TestOwner(testing: InventoryController(goodsID: 7, warehouse: FakeWarehouse(units: 3)))
        test.stub(FakeShelf())
        test.drive(to: .loaded)  // the controller starts its task; nothing is sent yet

        await test.settle()

        test.expectSent((any ShelfConversation).self, "stockDidChange(3)")
        test.finish()
    }
}

/// The Controller Tasks article's clock, and Testing a Business Controller's snapshot.
@MainActor
@Suite struct ControllerTaskArticleTests {
    @Test func theClockTicksOnlyWhileTheScreenIsVisible() async {
        let test = TestOwner(testing: ClockController())
        test.drive(to: .appeared)
        test.drive(to: .loaded)  // will-disappear cancels the run before it even started

        await test.settle()

        #expect(test.controller.ticks == 0)
        test.finish()
    }

    @Test func stockScreen() throws {
        let owner = Owner(name: "Stock")
        let transcript = ConversationTranscript()
        owner.addObserver(transcript)
        try owner.attach([InventoryController(goodsID: 7, warehouse: FakeWarehouse(units: 3)), FakeShelf()])
        try owner.didLoad()
        owner.center.send((any ShelfConversation).self) { $0.stockDidChange(0) }

        expectSnapshot(of: transcript)  // __Snapshots__/ReadmeTasksExampleTests/stockScreen.txt
    }
}
