// MARK: - Relaying, the one-call forms

// The center is where a conversation's relaying defaults fan out: a conversation's empty
// `extension CommunicationCenter: CartConversation {}` turns each of its messages into a send.
extension CommunicationCenter: Conversation {
    /// Sends the message to every receiver this center reaches.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message, for traces and diagnostics.
    ///   - deliver: The call to make on each receiver.
    @inlinable
    @inline(__always)
    public func forward<Receiver>(_ conversation: Receiver.Type, message: Message, _ deliver: (Receiver) -> Void) {
        dispatch(conversation, kind: .send, scope: .local, message: message) { receiver in
            deliver(receiver)
        }
    }

    /// Asks the receivers in order and returns the first answer that is not `nil`.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message, for traces and diagnostics.
    ///   - ask: The question to put to a receiver; `nil` means "not me".
    /// - Returns: The first answer, or `nil` if nobody answered.
    @inlinable
    @inline(__always)
    public func forward<Receiver, Answer>(
        _ conversation: Receiver.Type,
        message: Message,
        _ ask: (Receiver) -> Answer?
    ) -> Answer? {
        dispatch(conversation, kind: .query, scope: .local, message: message, until: ask).found
    }

    /// Calls every receiver, then throws their errors together.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message, for traces and diagnostics.
    ///   - deliver: The call to make on each receiver.
    /// - Throws: A ``ConversationError`` listing each receiver that threw, in order.
    public func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: (Receiver) throws -> Void
    ) throws {
        var failures: [ConversationError.Failure] = []
        dispatch(conversation, kind: .send, scope: .local, message: message) { receiver in
            do {
                try deliver(receiver)
            } catch {
                failures.append(ConversationError.Failure(receiver: typeName(of: receiver), error: error))
            }
        }
        guard failures.isEmpty else {
            throw ConversationError(conversation: conversationName(of: Receiver.self), failures: failures)
        }
    }

    /// Runs the receivers one after another.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message, for traces and diagnostics.
    ///   - deliver: The call to make on each receiver.
    public func forward<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @MainActor (Receiver) async -> Void
    ) async {
        _ = await collect(conversation, kind: .send, scope: .local, concurrently: false, message: message) {
            await deliver($0)
        }
    }

    /// Sends the message and retains it under the conversation and the message's name.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - message: The message, whose name is the key it is retained under.
    ///   - deliver: The call to make on each receiver, now and on each later replay.
    public func forwardRetained<Receiver>(
        _ conversation: Receiver.Type,
        message: Message,
        _ deliver: @escaping (Receiver) -> Void
    ) {
        // No call site: the relay's own line would be the same for every message it relays.
        retain(conversation, message: .retained(message.name, isQuiet: message.isQuiet), site: nil, deliver)
    }
}
