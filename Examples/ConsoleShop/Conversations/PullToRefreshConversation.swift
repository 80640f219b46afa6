import BCKit

/// The shopper pulled the screen down to refresh it: sent by the host (the console session).
///
/// See ``AddToCartTapConversation`` for why each gesture has its own protocol.
@MainActor
protocol PullToRefreshConversation: PullToRefreshMessages, AnyObject {}

/// The message of ``PullToRefreshConversation``, which the communication center forwards.
@MainActor
protocol PullToRefreshMessages {
    /// The shopper pulled to refresh.
    func userPulledToRefresh()
}

// MARK: - Default implementations

extension PullToRefreshConversation {
    /// Ignores the pull; marked, so a misspelled handler is reported.
    func userPulledToRefresh() { notHandled() }
}

// MARK: - Forwarding

extension CommunicationCenter: PullToRefreshMessages {
    /// Tells whoever refreshes.
    func userPulledToRefresh() {
        send((any PullToRefreshConversation).self) { $0.userPulledToRefresh() }
    }
}
