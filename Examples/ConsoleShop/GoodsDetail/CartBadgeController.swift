import BCKit

/// The cart icon's badge: how many units the cart holds.
///
/// Reads the count once when the screen loads, then follows ``CartConversation``. A tap on the
/// icon (``CartBadgeTapConversation``) asks the screen to open `shop://cart` through
/// `HostServiceConversation`: the badge knows the route, not the app that opens it.
final class CartBadgeController: BusinessController, CartConversation, CartBadgeTapConversation {
    weak var owner: Owner?
    private let store: Store
    private let transcript: Transcript
    /// The count the badge shows.
    private(set) var count = 0

    init(store: Store, transcript: Transcript) {
        self.store = store
        self.transcript = transcript
    }

    func ownerDidLoad() {
        count = store.cartCount
    }

    func cartDidChange(count: Int, added goods: Goods) {
        self.count = count
        transcript.say("<- CartConversation: badge shows \(count)", from: self)
    }

    func userTappedCartBadge() {
        transcript.say("<- CartBadgeTapConversation -> HostServiceConversation.navigate shop://cart", from: self)
        transcript.indented { center.navigate(to: "shop://cart") }
    }
}
