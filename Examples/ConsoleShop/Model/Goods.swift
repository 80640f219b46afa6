/// One article the shop sells, as the goods-detail screen shows it.
///
/// ```swift
/// let keyboard = Goods(id: 1, title: "Mechanical Keyboard", priceInCents: 8_900, stock: 3)
/// print(keyboard.price)  // "$89.00"
/// ```
public struct Goods: Hashable, Sendable, Identifiable {
    /// The article number, as a `shop://goods/detail/:id` URL would carry it.
    public let id: Int
    /// The name shown in the screen's header.
    public var title: String
    /// The price in cents; whole cents keep the arithmetic exact.
    public var priceInCents: Int
    /// How many units are left in the warehouse.
    public var stock: Int

    /// Creates an article.
    ///
    /// - Parameters:
    ///   - id: The article number.
    ///   - title: The name shown in the header.
    ///   - priceInCents: The price in cents.
    ///   - stock: How many units are left.
    public init(id: Int, title: String, priceInCents: Int, stock: Int) {
        self.id = id
        self.title = title
        self.priceInCents = priceInCents
        self.stock = stock
    }

    /// The price in dollars with two decimals, such as `$89.00`.
    public var price: String {
        let cents = priceInCents % 100
        return "$\(priceInCents / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
