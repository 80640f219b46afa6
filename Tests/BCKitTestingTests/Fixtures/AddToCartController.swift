import BCKit

/// Adds goods to the cart when they are in stock, and says so when they are not.
final class AddToCartController: BusinessController, AddToCartCommands {
    weak var owner: Owner?
    let goodsID: Int

    init(goodsID: Int) {
        self.goodsID = goodsID
    }

    func addToCart(quantity: Int) {
        guard let center = owner?.center else { return }
        let available = center.first((any StockQuery).self) { $0.stock(of: goodsID) } ?? 0
        if available >= quantity {
            center.send((any CartConversation).self) { $0.add(goodsID: goodsID, quantity: quantity) }
        } else {
            center.send((any AlertConversation).self) { $0.show(message: "Only \(available) left") }
        }
    }
}
