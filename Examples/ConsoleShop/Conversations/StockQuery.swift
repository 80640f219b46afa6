import BCKit

/// Asks how many units of an article can be sold right now.
///
/// ``AddToCartController`` asks it with `center.first` before adding; ``StockController`` answers.
@MainActor
protocol StockQuery: StockQuestions, AnyObject {}

/// The question of ``StockQuery``, which the communication center forwards.
@MainActor
protocol StockQuestions {
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

// MARK: - Forwarding

extension CommunicationCenter: StockQuestions {
    /// The first answer of the screen's controllers, or `nil` when nobody knows.
    func availableUnits(of goodsID: Int) -> Int? {
        first((any StockQuery).self) { $0.availableUnits(of: goodsID) }
    }
}
