import BCKit

/// The "add to cart" button and its quantity stepper: waits for a signed-in shopper, asks the
/// stock, puts the stepper's quantity in the cart, tells the others.
///
/// Signed out, a tap waits for the account's `signedIn` barrier (BCKit's ``Barrier``) in a task
/// of its own, and the barrier opens the login screen: once the shopper signs in, the add goes on;
/// if signing in is cancelled, it adds nothing. No state about the pending add is kept by hand,
/// and leaving the screen drops it. Signed in already, the tap adds at once.
///
/// Handles the shopper's tap (``AddToCartTapConversation``) only while the screen has appeared. It
/// asks ``StockQuery`` with `center.first`; when nobody answers (Stock is detached) it refuses to
/// add, since selling without knowing the stock is worse than not selling. After adding it sends
/// ``CartConversation``, which the badge and the stock hear. A refusal the shopper must read is
/// an alert it asks its screen to show (`HostServiceConversation`), not text it writes itself.
///
/// The stepper (``QuantityStepperConversation``) is what the shopper chose on this screen, so it is
/// the button's saved piece (``RestorableController``): a screen rebuilt after a relaunch gets it
/// back through its owner's archive, while the goods and the stock come from the store again.
final class AddToCartController: BusinessController, GoodsConversation, AddToCartTapConversation,
    QuantityStepperConversation, RestorableController
{
    /// The values the stepper goes through.
    static let quantities = 1...99

    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    private let signedIn: Barrier<String>
    private var goods: Goods?
    /// How many units a tap adds: what the stepper shows, 1 until the shopper steps it.
    private(set) var quantity = 1

    init(
        store: Store,
        transcript: Transcript,
        signedIn: Barrier<String> = Barrier("signedIn", overcomeWith: "shopper")
    ) {
        self.store = store
        self.transcript = transcript
        self.signedIn = signedIn
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
        transcript.indented {
            guard isEnabled else { return }
            if signedIn.isOvercome { add() } else { waitForSignIn() }
        }
    }

    /// Whether the button takes taps: once the screen has appeared; says so when it does not.
    private var isEnabled: Bool {
        guard let owner, owner.state(of: self) == .appeared else {
            transcript.say("ignored: the button is disabled until the screen has appeared", from: self)
            return false
        }
        return true
    }

    /// Waits for a shopper in a task of its own: the barrier opens the login screen, and the add
    /// goes on or is dropped with it.
    private func waitForSignIn() {
        transcript.say("waits for \(signedIn.name) before adding", from: self)
        let signedIn = signedIn
        task { context in
            do throws(BarrierCancellation) {
                let user = try await context.wait(for: signedIn)
                context.controller?.goOn(as: user)
            } catch {
                // Abandoned: the screen closed meanwhile, and nobody is left to tell.
                if !error.isAbandoned { context.controller?.giveUp() }
            }
        }
    }

    /// The shopper signed in while the tap waited: the add goes on.
    private func goOn(as user: String) {
        transcript.say("\(signedIn.name) overcome as \(user): adds now", from: self)
        transcript.indented { add() }
    }

    /// Signing in was cancelled while the tap waited: nothing is added.
    private func giveUp() {
        transcript.say("\(signedIn.name) cancelled: adds nothing", from: self)
    }

    func willDetach(from owner: Owner) {
        goods = nil
    }

    func userSteppedQuantity(to quantity: Int) {
        precondition(
            Self.quantities.contains(quantity),
            "AddToCartController: the stepper goes from 1 to 99; the host sent \(quantity)")
        self.quantity = quantity
        transcript.say("<- QuantityStepperConversation: adds \(quantity) at a time", from: self)
    }

    // MARK: - Saved state

    /// The stepper when the shopper moved it; nothing at 1, where a fresh screen starts anyway.
    func saveState() -> Int? {
        quantity == 1 ? nil : quantity
    }

    /// Sets the stepper back, before the screen loads. A saved file is the user's to edit, so a
    /// value outside the stepper's range is brought back into it rather than trusted.
    func restoreState(_ state: Int) {
        quantity = min(max(state, Self.quantities.lowerBound), Self.quantities.upperBound)
        transcript.say("restored: adds \(quantity) at a time", from: self)
    }

    private func add() {
        guard isEnabled else { return }
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
        guard available > 0 else {
            refuse(
                "\"\(goods.title)\" is sold out",
                HostAlert(title: "Sold out", message: "\"\(goods.title)\" is sold out.")
            )
            return
        }
        guard available >= quantity, store.addToCart(goodsID: goods.id, units: quantity) else {
            refuse(
                "\(quantity) asked, only \(available) of \"\(goods.title)\" left",
                HostAlert(title: "Not enough stock", message: "Only \(available) of \"\(goods.title)\" are left.")
            )
            return
        }
        let count = store.cartCount
        transcript.say(
            "put \(quantity) \"\(goods.title)\" in the cart -> CartConversation.cartDidChange", from: self)
        transcript.indented {
            center.cartDidChange(count: count, added: goods)
        }
    }

    private func refuse(_ reason: String, _ alert: HostAlert) {
        transcript.say("refused: \(reason) -> HostServiceConversation.showAlert", from: self)
        transcript.indented { center.showAlert(alert) }
    }
}
