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

// MARK: - Default implementations

// Each message relays itself: the center fans it out; a controller that leaves it to the default
// ignores it.
extension StockQuery {
    /// The first answer of the screen's controllers, or `nil` when nobody knows.
    func availableUnits(of goodsID: Int) -> Int? { relay((any StockQuery).self) { $0.availableUnits(of: goodsID) } }
}

extension CommunicationCenter: StockQuery {}
