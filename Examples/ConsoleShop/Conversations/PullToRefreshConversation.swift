/// The shopper pulled the screen down to refresh it: sent by the host (the console session).
///
/// See ``AddToCartTapConversation`` for why each gesture has its own protocol.
@MainActor
protocol PullToRefreshConversation: AnyObject {
    /// The shopper pulled to refresh.
    func userPulledToRefresh()
}

// MARK: - Default implementations

extension PullToRefreshConversation {
    /// Ignores the pull.
    func userPulledToRefresh() {}
}
