/// The shop's back end, in memory: the catalogue with its stock, and the shopper's cart.
///
/// Screens share one store the way an app's screens share a service; the business controllers of
/// a screen still talk to each other only through conversations.
///
/// ```swift
/// let store = Store.sample()
/// store.addToCart(goodsID: 1)  // 1 item in the cart, one unit less in stock
/// ```
@MainActor
public final class Store {
    private var catalogue: [Int: Goods]
    private var related: [Int: [Int]]
    /// Units in the cart, by article number.
    public private(set) var cart: [Int: Int] = [:]

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - goods: The catalogue.
    ///   - related: For each article number, the articles to recommend with it.
    public init(goods: [Goods], related: [Int: [Int]] = [:]) {
        var catalogue: [Int: Goods] = [:]
        for item in goods {
            precondition(catalogue[item.id] == nil, "Store: two goods share id \(item.id)")
            catalogue[item.id] = item
        }
        self.catalogue = catalogue
        self.related = related
    }

    /// A small keyboard shop: article 1 has 3 units, article 3 is sold out, article 42 is the
    /// desk mat the README opens by URL.
    ///
    /// - Returns: A fresh store with an empty cart.
    public static func sample() -> Store {
        Store(
            goods: [
                Goods(id: 1, title: "Mechanical Keyboard", priceInCents: 8_900, stock: 3),
                Goods(id: 2, title: "Wireless Mouse", priceInCents: 2_900, stock: 10),
                Goods(id: 3, title: "Wrist Rest", priceInCents: 1_500, stock: 0),
                Goods(id: 4, title: "USB-C Hub", priceInCents: 4_500, stock: 5),
                Goods(id: 42, title: "Desk Mat", priceInCents: 1_900, stock: 7),
            ],
            related: [1: [2, 3], 2: [1, 4], 3: [1], 4: [2], 42: [1]]
        )
    }

    /// The article with this number, as it stands now.
    ///
    /// - Parameter id: The article number.
    /// - Returns: The article, or `nil` if the catalogue has no such number.
    public func goods(id: Int) -> Goods? {
        catalogue[id]
    }

    /// Every article, by article number.
    public var allGoods: [Goods] {
        catalogue.values.sorted { $0.id < $1.id }
    }

    /// The articles recommended with an article, in the catalogue's order of relevance.
    ///
    /// - Parameter id: The article number.
    /// - Returns: The related articles that exist.
    public func recommendations(for id: Int) -> [Goods] {
        (related[id] ?? []).compactMap { catalogue[$0] }
    }

    /// How many units the cart holds, all articles together.
    public var cartCount: Int {
        cart.values.reduce(0, +)
    }

    /// Moves units of an article from the warehouse to the cart, all of them or none.
    ///
    /// - Parameters:
    ///   - goodsID: The article number.
    ///   - units: How many units to move; at least 1.
    /// - Returns: `true` when the units were moved; `false` when the article is unknown or fewer
    ///   than `units` are left, and then nothing moved.
    @discardableResult
    public func addToCart(goodsID: Int, units: Int = 1) -> Bool {
        precondition(units > 0, "Store.addToCart(goodsID:units:) moves at least 1 unit, not \(units)")
        guard var item = catalogue[goodsID], item.stock >= units else { return false }
        item.stock -= units
        catalogue[goodsID] = item
        cart[goodsID, default: 0] += units
        return true
    }
}
