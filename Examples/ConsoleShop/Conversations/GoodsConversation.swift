import BCKit

/// Tells the screen's controllers that the article on show changed: loaded, or reloaded.
///
/// Sent by ``RefreshController``, the screen's source of goods; each display controller shows its
/// own part (title, price, stock, recommendations).
@MainActor
protocol GoodsConversation: GoodsMessages, AnyObject {}

/// The message of ``GoodsConversation``, which the communication center forwards.
@MainActor
protocol GoodsMessages {
    /// The article on show is now `goods`.
    ///
    /// - Parameter goods: The article as the store has it now.
    func goodsDidChange(_ goods: Goods)
}

// MARK: - Default implementations

extension GoodsConversation {
    /// Ignores the change; marked, so a misspelled handler is reported.
    func goodsDidChange(_ goods: Goods) { notHandled() }
}

// MARK: - Forwarding

extension CommunicationCenter: GoodsMessages {
    /// Tells the screen's controllers.
    func goodsDidChange(_ goods: Goods) {
        send((any GoodsConversation).self) { $0.goodsDidChange(goods) }
    }
}
