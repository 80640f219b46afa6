extension CommunicationCenter {
    /// Sends a message and retains it, so that a controller attached later still gets it, once,
    /// right after its lifecycle catch-up: the answer to the "who was created first" problem.
    ///
    /// ```swift
    /// extension CommunicationCenter: UserMessages {
    ///     func userDidLoad(_ user: User) {
    ///         sendRetained((any UserConversation).self) { $0.userDidLoad(user) }
    ///     }
    /// }
    /// ```
    ///
    /// - The message is kept per kind: the conversation plus `key`, by default the calling
    ///   method's name (`#function`), so each forwarding line keeps its latest message and a newer
    ///   one replaces it.
    /// - It is kept before the fan-out starts, so a controller attached during the fan-out gets it
    ///   by replay, not in flight, and so exactly once.
    /// - It holds the message's values, not its sender: it is dropped when the controller that
    ///   sent it detaches, and every retained message is dropped on tear-down.
    /// - It stays in this owner (local scope) and is synchronous; tracers see a replay as a
    ///   dispatch of kind ``DispatchRecord/Kind/replay``.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - key: What tells this message's kind apart within the conversation.
    ///   - message: The call to make on each receiver, now and on each later replay.
    /// - Returns: How many receivers got the message now.
    @discardableResult
    public func sendRetained<Conversation>(
        _ conversation: Conversation.Type,
        key: String = #function,
        _ message: @escaping (Conversation) -> Void
    ) -> Int {
        guard let owner = switchboard.owner else { return 0 }
        // A controller registered lazily for this conversation is created before the message is
        // kept: created after, it would get the message by replay and again in flight.
        if switchboard.hasLazyControllers { owner.createLazyControllers(speaking: ObjectIdentifier(conversation)) }
        switchboard.keep(RetainedMessage(conversation, key: key, sender: sender, message: message))
        return dispatch(conversation, kind: .send, scope: .local) { receiver in
            message(receiver)
            return true
        }
    }
}

extension Switchboard {
    /// Keeps a retained message, replacing the one of the same kind.
    func keep(_ message: RetainedMessage) {
        retained.removeAll { $0.isSameKind(as: message) }
        retained.append(message)
    }
}

extension Owner {
    /// Replays the retained messages to a newcomer that has just caught up, oldest kind first,
    /// stopping if it is detached on the way.
    func replayRetainedMessages(to attachment: Attachment) {
        for message in switchboard.retained {
            if Delivery.hasLeft(attachment, mayHaveLeft: true) { return }
            message.replay(self, attachment)
        }
    }

    /// Drops the retained messages a leaving controller sent.
    func forgetRetainedMessages(sentBy controller: any BusinessController) {
        guard !switchboard.retained.isEmpty else { return }
        let leaving = ObjectIdentifier(controller)
        switchboard.retained.removeAll { $0.sender == leaving }
    }
}
