import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Hears `GoodsConversation` and records which article it was told about.
final class GoodsListener: StubController, GoodsConversation {
    func goodsDidChange(_ goods: Goods) { record(goods.title) }
}
