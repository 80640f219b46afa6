import BCKit

/// A conversation written by hand, in the same target as generated ones.
protocol LegacyConversation: Conversation {
    func legacyDidHappen()
}

extension LegacyConversation {
    func legacyDidHappen() { relay((any LegacyConversation).self) { $0.legacyDidHappen() } }
}

extension CommunicationCenter: LegacyConversation {}
