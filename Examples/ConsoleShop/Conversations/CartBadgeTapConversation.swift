import BCKit

/// The shopper tapped the cart icon: sent by the host (the console session), the way a view
/// forwards a button's action.
///
/// ``CartBadgeController`` handles it by asking its screen to open `shop://cart` through
/// `HostServiceConversation`; it never learns which app or screen answers.
protocol CartBadgeTapConversation: Conversation {
    /// The shopper tapped the cart icon.
    func userTappedCartBadge()
}
