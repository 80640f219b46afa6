import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Answers `StockQuery` with the units the test sets; `nil` plays a stock that does not know.
final class FakeStock: StubController, StockQuery {
    var units: Int?

    func availableUnits(of goodsID: Int) -> Int? {
        record(goodsID)
        return units
    }
}
