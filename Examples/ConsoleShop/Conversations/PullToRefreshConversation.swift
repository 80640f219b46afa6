import BCKit

/// The shopper pulled the screen down to refresh it: sent by the host (the console session).
///
/// See ``AddToCartTapConversation`` for why each gesture has its own protocol.
protocol PullToRefreshConversation: Conversation {
    /// The shopper pulled to refresh.
    func userPulledToRefresh()
}

// MARK: - Default implementations

// Each message relays itself: the center fans it out; a controller that leaves it to the default
// ignores it.
extension PullToRefreshConversation {
    /// Tells whoever refreshes.
    func userPulledToRefresh() { relay((any PullToRefreshConversation).self) { $0.userPulledToRefresh() } }
}

extension CommunicationCenter: PullToRefreshConversation {}
