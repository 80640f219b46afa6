import BCKit

/// The cart icon's badge: how many units the cart holds.
///
/// Reads the count once when the screen loads, then follows ``CartConversation``.
final class CartBadgeController: BusinessController, CartConversation {
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
}
