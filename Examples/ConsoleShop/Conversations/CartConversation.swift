import BCKit

/// Tells the screen's controllers that the cart changed.
///
/// Sent by ``AddToCartController``; the badge shows the new count and the stock shows one unit
/// less. Its relaying default and the center's conformance are written by BCKit's relay plugin.
protocol CartConversation: Conversation {
    /// The cart now holds `count` units, `goods` being the one just added.
    ///
    /// - Parameters:
    ///   - count: The units in the cart, all articles together.
    ///   - goods: The article added.
    ///
    /// Retained, so a controller attached later (a badge added after the shopper already added
    /// goods) still learns the count, with no query.
    ///
    /// - Retained
    func cartDidChange(count: Int, added goods: Goods)
}
