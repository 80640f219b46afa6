import BCKit

/// Shows how many units are left and is the one that knows whether the article can be sold.
///
/// Answers ``StockQuery`` (asked by ``AddToCartController``), hears ``GoodsConversation`` and
/// ``CartConversation``, answers ``ReloadConversation``. When attached late (`attach Stock` while
/// the screen is visible) it is first caught up: it gets did-load, will-appear and did-appear in
/// turn, asks ``GoodsQuery`` for the article it missed and reads the stock afresh.
final class StockController: BusinessController, GoodsConversation, StockQuery, CartConversation,
    ReloadConversation
{
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    private var goodsID: Int?
    /// The units on show, or `nil` before the goods are known.
    private(set) var units: Int?

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        guard goodsID == nil, let goods = center.currentGoods else { return }
        goodsID = goods.id
        units = store.goods(id: goods.id)?.stock
        transcript.say("did-load: caught up through GoodsQuery, shows \(shown)", from: self)
    }

    func goodsDidChange(_ goods: Goods) {
        // Drawn once on load, where this message follows the catch-up with the same goods.
        guard goods.id != goodsID || goods.stock != units else {
            transcript.say("<- GoodsConversation: \(shown) is on show already", from: self)
            return
        }
        goodsID = goods.id
        units = goods.stock
        transcript.say("<- GoodsConversation: shows \(shown)", from: self)
    }

    func availableUnits(of goodsID: Int) -> Int? {
        guard goodsID == self.goodsID, let units else { return nil }
        transcript.say("<- StockQuery: answers \(units) available", from: self)
        return units
    }

    func cartDidChange(count: Int, added goods: Goods) {
        guard goods.id == goodsID else { return }
        units = store.goods(id: goods.id)?.stock
        transcript.say("<- CartConversation: shows \(shown)", from: self)
    }

    func reload(goodsID: Int, reply: Reply<String>) {
        self.goodsID = goodsID
        units = store.goods(id: goodsID)?.stock
        transcript.say("<- ReloadConversation: replies \"\(shown)\"", from: self)
        reply(shown)
    }

    func willDetach(from owner: Owner) {
        goodsID = nil
        units = nil
        transcript.say("will-detach: nobody answers StockQuery until Stock is attached again", from: self)
    }

    private var shown: String {
        guard let units else { return "stock unknown" }
        return units == 0 ? "sold out" : "\(units) in stock"
    }
}
