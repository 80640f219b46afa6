import BCKit

/// The shopper tapped the cart icon: sent by the host (the console session), the way a view
/// forwards a button's action.
///
/// ``CartBadgeController`` handles it by asking its screen to open `shop://cart` through
/// `HostServiceConversation`; it never learns which app or screen answers.
@MainActor
protocol CartBadgeTapConversation: CartBadgeTapMessages, AnyObject {}

/// The message of ``CartBadgeTapConversation``, which the communication center forwards.
@MainActor
protocol CartBadgeTapMessages {
    /// The shopper tapped the cart icon.
    func userTappedCartBadge()
}

// MARK: - Default implementations

extension CartBadgeTapConversation {
    /// Ignores the tap; marked, so a misspelled handler is reported.
    func userTappedCartBadge() { notHandled() }
}

// MARK: - Forwarding

extension CommunicationCenter: CartBadgeTapMessages {
    /// Tells whoever handles the tap.
    func userTappedCartBadge() {
        send((any CartBadgeTapConversation).self) { $0.userTappedCartBadge() }
    }
}
