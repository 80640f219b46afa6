/// Asks how many units of an article can be sold right now.
///
/// ``AddToCartController`` asks it with `center.first` before adding; ``StockController`` answers.
@MainActor
protocol StockQuery: AnyObject {
    /// The units available, or `nil` when this controller does not know.
    ///
    /// - Parameter goodsID: The article number.
    /// - Returns: The units available, or `nil`.
    func availableUnits(of goodsID: Int) -> Int?
}

// MARK: - Default implementations

extension StockQuery {
    /// Does not know.
    func availableUnits(of goodsID: Int) -> Int? { nil }
}
