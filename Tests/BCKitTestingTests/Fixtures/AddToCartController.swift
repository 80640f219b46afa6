// The README's add-to-cart controller and the conversations it speaks, verbatim (its first testing
// block), then the empty defaults the other tests of this target rely on.

import BCKit

@MainActor
protocol AddToCartCommands: AnyObject {
    func addToCart(quantity: Int)
}

@MainActor
protocol StockQuery: AnyObject {
    func stock(of goodsID: Int) -> Int?
}

@MainActor
protocol CartConversation: AnyObject {
    func add(goodsID: Int, quantity: Int)
}

@MainActor
protocol AlertConversation: AnyObject {
    func show(message: String)
}

final class AddToCartController: BusinessController, AddToCartCommands {
    weak var owner: Owner?
    let goodsID: Int

    init(goodsID: Int) {
        self.goodsID = goodsID
    }

    func addToCart(quantity: Int) {
        let available = center.first((any StockQuery).self) { $0.stock(of: goodsID) } ?? 0
        if available >= quantity {
            center.send((any CartConversation).self) { $0.add(goodsID: goodsID, quantity: quantity) }
        } else {
            center.send((any AlertConversation).self) { $0.show(message: "Only \(available) left") }
        }
    }
}

extension AddToCartCommands {
    func addToCart(quantity: Int) {}
}

extension StockQuery {
    func stock(of goodsID: Int) -> Int? { nil }
}

extension CartConversation {
    func add(goodsID: Int, quantity: Int) {}
}

extension AlertConversation {
    func show(message: String) {}
}
