import BCKit
import BCKitTesting

@testable import ConsoleShop

/// Hears `CartConversation` and records the count and the article's title.
final class CartListener: StubController, CartConversation {
    func cartDidChange(count: Int, added goods: Goods) { record(count, goods.title) }
}
