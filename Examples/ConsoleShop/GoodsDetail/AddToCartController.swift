import BCKit

/// The "add to cart" button: asks the stock, puts one unit in the cart, tells the others.
///
/// Handles the shopper's tap (``AddToCartTapConversation``) only while the screen has appeared. It
/// asks ``StockQuery`` with `center.first`; when nobody answers (Stock is detached) it refuses to
/// add, since selling without knowing the stock is worse than not selling. After adding it sends
/// ``CartConversation``, which the badge and the stock hear. A refusal the shopper must read is
/// an alert it asks its screen to show (`HostServiceConversation`), not text it writes itself.
final class AddToCartController: BusinessController, GoodsConversation, AddToCartTapConversation {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    private var goods: Goods?

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        if goods == nil { goods = center.currentGoods }
    }

    func ownerDidAppear() {
        transcript.say("did-appear: button enabled", from: self)
    }

    func ownerWillDisappear() {
        transcript.say("will-disappear: button disabled", from: self)
    }

    func goodsDidChange(_ goods: Goods) {
        self.goods = goods
        transcript.say("<- GoodsConversation: will add goods #\(goods.id)", from: self)
    }

    func userTappedAddToCart() {
        transcript.say("<- AddToCartTapConversation", from: self)
        transcript.indented { addOne() }
    }

    func willDetach(from owner: Owner) {
        goods = nil
    }

    private func addOne() {
        guard let owner, owner.state(of: self) == .appeared else {
            transcript.say("ignored: the button is disabled until the screen has appeared", from: self)
            return
        }
        guard let goods else {
            transcript.say("ignored: no goods loaded yet", from: self)
            return
        }
        transcript.say("-> StockQuery.availableUnits, first answer wins", from: self)
        let available = transcript.indented {
            center.availableUnits(of: goods.id)
        }
        guard let available else {
            refuse(
                "nobody answered StockQuery (is Stock detached?); not selling blind",
                HostAlert(title: "Cannot add", message: "The stock of \"\(goods.title)\" is unknown; try again.")
            )
            return
        }
        guard available > 0, store.addToCart(goodsID: goods.id) else {
            refuse(
                "\"\(goods.title)\" is sold out",
                HostAlert(title: "Sold out", message: "\"\(goods.title)\" is sold out.")
            )
            return
        }
        let count = store.cartCount
        transcript.say("put 1 \"\(goods.title)\" in the cart -> CartConversation.cartDidChange", from: self)
        transcript.indented {
            center.cartDidChange(count: count, added: goods)
        }
    }

    private func refuse(_ reason: String, _ alert: HostAlert) {
        transcript.say("refused: \(reason) -> HostServiceConversation.showAlert", from: self)
        transcript.indented { center.showAlert(alert) }
    }
}
