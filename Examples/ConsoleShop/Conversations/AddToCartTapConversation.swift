import BCKit

/// The shopper tapped "add to cart": sent by the host (the console session), the way a view
/// forwards a button's action.
///
/// The host knows no controller; it sends the tap through the screen's owner and whoever speaks
/// this conversation handles it. One gesture per protocol on purpose: a send counts the
/// controllers that conform, so a shared protocol would count a controller that ignores the tap
/// through its default implementation.
protocol AddToCartTapConversation: Conversation {
    /// The shopper tapped "add to cart".
    func userTappedAddToCart()
}
