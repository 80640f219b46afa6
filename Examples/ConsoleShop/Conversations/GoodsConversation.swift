import BCKit

/// Tells the screen's controllers that the article on show changed: loaded, or reloaded.
///
/// Sent by ``RefreshController``, the screen's source of goods; each display controller shows its
/// own part (title, price, stock, recommendations).
protocol GoodsConversation: Conversation {
    /// The article on show is now `goods`.
    ///
    /// - Parameter goods: The article as the store has it now.
    func goodsDidChange(_ goods: Goods)
}
