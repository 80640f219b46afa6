import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Answers `GoodsQuery` with the goods the test sets, as `RefreshController` would.
final class FakeGoodsSource: StubController, GoodsQuery {
    var goods: Goods?

    var currentGoods: Goods? {
        record()
        return goods
    }
}
