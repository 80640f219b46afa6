import BCKit

/// Shows the cart's total each time the cart appears.
final class CartTotalController: BusinessController {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerWillAppear() {
        let cents = store.cart.reduce(0) { sum, line in
            sum + (store.goods(id: line.key)?.priceInCents ?? 0) * line.value
        }
        let total = Goods(id: 0, title: "", priceInCents: cents, stock: 0).price
        transcript.say(
            "will-appear: \(store.cartCount) item\(store.cartCount == 1 ? "" : "s"), total \(total)", from: self)
    }
}
