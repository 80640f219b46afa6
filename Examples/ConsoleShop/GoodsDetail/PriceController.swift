import BCKit

/// Shows the article's price, and reloads it on refresh.
///
/// Hears ``GoodsConversation`` and answers ``ReloadConversation``; when attached late, asks
/// ``GoodsQuery`` for what it missed.
final class PriceController: BusinessController, GoodsConversation, ReloadConversation {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    /// The price on show, such as `$89.00`, or `nil` before the goods are known.
    private(set) var price: String?

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        guard price == nil, let goods = center.currentGoods else { return }
        price = goods.price
        transcript.say("did-load: caught up through GoodsQuery, shows \(goods.price)", from: self)
    }

    func goodsDidChange(_ goods: Goods) {
        // Drawn once on load, where this message follows the catch-up with the same goods.
        guard goods.price != price else {
            transcript.say("<- GoodsConversation: \(goods.price) is on show already", from: self)
            return
        }
        price = goods.price
        transcript.say("<- GoodsConversation: shows \(goods.price)", from: self)
    }

    func reload(goodsID: Int, reply: Reply<String>) {
        price = store.goods(id: goodsID)?.price
        let answer = "price \(price ?? "unknown")"
        transcript.say("<- ReloadConversation: replies \"\(answer)\"", from: self)
        reply(answer)
    }

    func willDetach(from owner: Owner) {
        price = nil
    }
}
