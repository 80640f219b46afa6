import BCKit

// The conversations of a small goods screen, as the controllers under test in these tests speak
// them.

/// The host tells the add-to-cart controller what the user did.
@MainActor
protocol AddToCartCommands: AnyObject {
    func addToCart(quantity: Int)
}

extension AddToCartCommands {
    func addToCart(quantity: Int) {}
}

/// Told when goods go into the cart.
@MainActor
protocol CartConversation: AnyObject {
    func add(goodsID: Int, quantity: Int)
}

extension CartConversation {
    func add(goodsID: Int, quantity: Int) {}
}

/// Asked how many items of some goods are in stock; `nil` when the answerer does not know them.
@MainActor
protocol StockQuery: AnyObject {
    func stock(of goodsID: Int) -> Int?
}

extension StockQuery {
    func stock(of goodsID: Int) -> Int? { nil }
}

/// Asked for a price, answered through a reply, possibly later.
@MainActor
protocol PriceQuery: AnyObject {
    func fetchPrice(of goodsID: Int, reply: Reply<Int>)
}

extension PriceQuery {
    func fetchPrice(of goodsID: Int, reply: Reply<Int>) {}
}

/// Tells the user something.
@MainActor
protocol AlertConversation: AnyObject {
    func show(message: String)
}

extension AlertConversation {
    func show(message: String) {}
}

/// Screen analytics.
@MainActor
protocol AnalyticsConversation: AnyObject {
    func track(_ event: String)
}

extension AnalyticsConversation {
    func track(_ event: String) {}
}
