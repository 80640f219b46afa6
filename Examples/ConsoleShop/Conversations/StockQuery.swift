import BCKit

/// Asks how many units of an article can be sold right now.
///
/// ``AddToCartController`` asks it as `center.availableUnits(of:)` before adding; ``StockController`` answers.
protocol StockQuery: Conversation {
    /// The units available, or `nil` when this controller does not know.
    ///
    /// - Parameter goodsID: The article number.
    /// - Returns: The units available, or `nil`.
    func availableUnits(of goodsID: Int) -> Int?
}
