import BCKit

/// The quick start's conversation, declared as its protocol alone: the relay plugin writes the
/// relaying default that makes `center.cartDidChange(count:)` a one-call send.
protocol CartConversation: Conversation {
    func cartDidChange(count: Int)
}
