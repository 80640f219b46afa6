import BCKit

/// Asks which article the screen shows, for a controller that joined late and missed
/// ``GoodsConversation/goodsDidChange(_:)``.
///
/// Asked with `center.first`: the first controller that knows answers, the others are not asked.
@MainActor
protocol GoodsQuery: GoodsQuestions, AnyObject {}

/// The question of ``GoodsQuery``, which the communication center forwards.
@MainActor
protocol GoodsQuestions {
    /// The article on show, or `nil` when this controller does not know it.
    var currentGoods: Goods? { get }
}

// MARK: - Default implementations

extension GoodsQuery {
    /// Does not know.
    var currentGoods: Goods? { nil }
}

// MARK: - Forwarding

extension CommunicationCenter: GoodsQuestions {
    /// The first answer of the screen's controllers, or `nil` when nobody knows (or the asking
    /// controller is detached): how a late joiner catches up on data it missed.
    var currentGoods: Goods? {
        first((any GoodsQuery).self) { $0.currentGoods }
    }
}
