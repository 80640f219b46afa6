/// Tells the screen's controllers that the cart changed.
///
/// Sent by ``AddToCartController``; the badge shows the new count and the stock shows one unit
/// less.
@MainActor
protocol CartConversation: AnyObject {
    /// The cart now holds `count` units, `goods` being the one just added.
    ///
    /// - Parameters:
    ///   - count: The units in the cart, all articles together.
    ///   - goods: The article added.
    func cartDidChange(count: Int, added goods: Goods)
}

// MARK: - Default implementations

extension CartConversation {
    /// Ignores the change.
    func cartDidChange(count: Int, added goods: Goods) {}
}
