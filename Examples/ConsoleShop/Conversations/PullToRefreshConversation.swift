import BCKit

/// The shopper pulled the screen down to refresh it: sent by the host (the console session).
///
/// See ``AddToCartTapConversation`` for why each gesture has its own protocol.
protocol PullToRefreshConversation: Conversation {
    /// The shopper pulled to refresh.
    func userPulledToRefresh()
}
