import BCKit

/// Tells the screen's controllers that the cart changed.
///
/// Sent by ``AddToCartController``; the badge shows the new count and the stock shows one unit
/// less.
@MainActor
protocol CartConversation: CartMessages, AnyObject {}

/// The message of ``CartConversation``, which the communication center forwards.
@MainActor
protocol CartMessages {
    /// The cart now holds `count` units, `goods` being the one just added.
    ///
    /// - Parameters:
    ///   - count: The units in the cart, all articles together.
    ///   - goods: The article added.
    func cartDidChange(count: Int, added goods: Goods)
}

// MARK: - Default implementations

extension CartConversation {
    /// Ignores the change; marked, so a misspelled handler is reported.
    func cartDidChange(count: Int, added goods: Goods) { notHandled() }
}

// MARK: - Forwarding

extension CommunicationCenter: CartMessages {
    /// Tells the screen's controllers; retained, so a controller attached later (a badge added
    /// after the shopper already added goods) still learns the count, with no query.
    func cartDidChange(count: Int, added goods: Goods) {
        sendRetained((any CartConversation).self, message: "cartDidChange(count:added:)") {
            $0.cartDidChange(count: count, added: goods)
        }
    }
}
