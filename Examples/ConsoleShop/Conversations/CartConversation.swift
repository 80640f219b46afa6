import BCKit

/// Tells the screen's controllers that the cart changed.
///
/// Sent by ``AddToCartController``; the badge shows the new count and the stock shows one unit
/// less.
protocol CartConversation: Conversation {
    /// The cart now holds `count` units, `goods` being the one just added.
    ///
    /// - Parameters:
    ///   - count: The units in the cart, all articles together.
    ///   - goods: The article added.
    func cartDidChange(count: Int, added goods: Goods)
}

// MARK: - Default implementations

// Each message relays itself: the center fans it out; a controller that leaves it to the default
// ignores it.
extension CartConversation {
    /// Tells the screen's controllers; retained, so a controller attached later (a badge added
    /// after the shopper already added goods) still learns the count, with no query.
    func cartDidChange(count: Int, added goods: Goods) {
        relayRetained((any CartConversation).self) { $0.cartDidChange(count: count, added: goods) }
    }
}

extension CommunicationCenter: CartConversation {}
