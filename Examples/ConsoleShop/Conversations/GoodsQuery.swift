import BCKit

/// Asks which article the screen shows, for a controller that joined late and missed
/// ``GoodsConversation/goodsDidChange(_:)``.
///
/// Asked as `center.currentGoods`: the first controller that knows answers, the others are not asked.
protocol GoodsQuery: Conversation {
    /// The article on show, or `nil` when this controller does not know it.
    var currentGoods: Goods? { get }
}
