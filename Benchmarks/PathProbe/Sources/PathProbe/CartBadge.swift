import BCKit

/// The one receiver of both cases: hears the cart and counts its owner's appearances, so each case
/// can check that its measured call reached it.
final class CartBadge: BusinessController, CartConversation {
    weak var owner: Owner?
    private(set) var count = 0
    private(set) var appearances = 0

    func cartDidChange(count: Int) {
        self.count = count
    }

    func ownerDidAppear() {
        appearances += 1
    }
}
