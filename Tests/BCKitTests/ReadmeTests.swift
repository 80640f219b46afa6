// quick-start: begin. The README's quick start, verbatim up to the end marker, so it cannot rot;
// change both together. Getting Started shows the same conversation and controllers. The relay
// plugin on this test target writes the conversation's relays.
import BCKit
import Testing

protocol CartConversation: Conversation {
    func cartDidChange(count: Int)
    func cartWasCleared()
}

final class AddToCartController: BusinessController {
    weak var owner: Owner?
    private var count = 0

    func addToCart() {
        count += 1
        center.cartDidChange(count: count)
    }
}

final class BadgeController: BusinessController, CartConversation {
    weak var owner: Owner?
    private(set) var badge = ""

    func ownerDidLoad() { badge = "cart: 0" }
    func cartDidChange(count: Int) { badge = "cart: \(count)" }
}

@MainActor
@Test func theBadgeFollowsTheCart() throws {
    let owner = Owner(name: "GoodsDetail")
    let addToCart = AddToCartController()
    let badge = BadgeController()
    try owner.attach([addToCart, badge])
    try owner.didLoad()
    addToCart.addToCart()
    #expect(badge.badge == "cart: 1")
}
// quick-start: end
