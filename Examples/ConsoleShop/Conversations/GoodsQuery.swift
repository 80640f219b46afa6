import BCKit

/// Asks which article the screen shows, for a controller that joined late and missed
/// ``GoodsConversation/goodsDidChange(_:)``.
///
/// Asked with `center.first`: the first controller that knows answers, the others are not asked.
@MainActor
protocol GoodsQuery: AnyObject {
    /// The article on show, or `nil` when this controller does not know it.
    var currentGoods: Goods? { get }
}

// MARK: - Default implementations

extension GoodsQuery {
    /// Does not know.
    var currentGoods: Goods? { nil }
}

// MARK: - API

extension BusinessController {
    /// Asks the siblings which article is on show: how a late joiner catches up on data it missed.
    ///
    /// - Returns: The first answer, or `nil` when nobody knows (or the controller is detached).
    func askCurrentGoods() -> Goods? {
        owner?.center.first((any GoodsQuery).self) { $0.currentGoods }
    }
}
