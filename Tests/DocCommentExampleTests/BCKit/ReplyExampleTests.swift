import BCKit
import Testing

// The blocks of Reply and of CommunicationCenter's `gather(_:scope:_:completion:)`, verbatim.

@MainActor
private protocol StockQuery: AnyObject {
    func fetchStock(reply: Reply<Int>)
}

/// Answers later, when the test says.
@MainActor
private final class Warehouse {
    private var pending: [(Int) -> Void] = []
    let units: Int

    init(units: Int) {
        self.units = units
    }

    func load(_ completion: @escaping (Int) -> Void) { pending.append(completion) }

    func answer() {
        for completion in pending { completion(units) }
        pending.removeAll()
    }
}

/// Answers the stock question from its warehouse.
private final class StockController: BusinessController, StockQuery {
    weak var owner: Owner?
    let warehouse: Warehouse

    init(warehouse: Warehouse) {
        self.warehouse = warehouse
    }

    func fetchStock(reply: Reply<Int>) {
        warehouse.load { count in reply(count) }
    }
}

@MainActor
@Suite struct ReplyExampleTests {
    @Test func theCompletionRunsOnceWhenTheLastReceiverAnswers() throws {
        let owner = Owner(name: "Stock")
        let north = Warehouse(units: 3)
        let south = Warehouse(units: 4)
        try owner.attach([StockController(warehouse: north), StockController(warehouse: south)])
        var totals: [Int] = []

        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: { counts in
            print(counts.reduce(0, +))
        }
        owner.center.gather((any StockQuery).self) {
            $0.fetchStock(reply: $1)
        } completion: { counts in
            totals.append(counts.reduce(0, +))
        }
        south.answer()
        #expect(totals == [])
        north.answer()

        #expect(totals == [7])
    }
}
