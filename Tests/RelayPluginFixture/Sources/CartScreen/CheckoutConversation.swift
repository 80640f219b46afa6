import BCKit
import CartKit

/// A conversation that refines another target's conversation.
protocol CheckoutConversation: CartConversation {
    /// Checkout started with these items.
    func checkoutDidStart(items: [String])
}
