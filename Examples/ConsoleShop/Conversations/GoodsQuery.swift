import BCKit

/// Asks which article the screen shows, for a controller that joined late and missed
/// ``GoodsConversation/goodsDidChange(_:)``.
///
/// Asked as `center.currentGoods`: the first controller that knows answers, the others are not asked.
protocol GoodsQuery: Conversation {
    /// The article on show, or `nil` when this controller does not know it.
    var currentGoods: Goods? { get }
}

// MARK: - Default implementations

// Each message relays itself: the center fans it out; a controller that leaves it to the default
// ignores it.
extension GoodsQuery {
    /// The first answer of the screen's controllers, or `nil` when nobody knows (or the asking
    /// controller is detached): how a late joiner catches up on data it missed.
    var currentGoods: Goods? { relay((any GoodsQuery).self) { $0.currentGoods } }
}

extension CommunicationCenter: GoodsQuery {}
