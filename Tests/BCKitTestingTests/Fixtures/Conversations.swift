import BCKit

// The conversations of a small goods screen, as the controllers under test in these tests speak
// them. The add-to-cart controller's own (AddToCartCommands, StockQuery, CartConversation,
// AlertConversation) are the README's, in AddToCartController.swift.

/// Asked for a price, answered through a reply, possibly later.
@MainActor
protocol PriceQuery: AnyObject {
    func fetchPrice(of goodsID: Int, reply: Reply<Int>)
}

extension PriceQuery {
    func fetchPrice(of goodsID: Int, reply: Reply<Int>) {}
}

/// Screen analytics.
@MainActor
protocol AnalyticsConversation: AnyObject {
    func track(_ event: String)
}

extension AnalyticsConversation {
    func track(_ event: String) {}
}
