// MARK: - Deprecated

// The requirements were named `relay(_:as:_:)` beside the API's `relay(_:message:_:)`: two labels
// for one idea. The requirements are `forward(_:message:_:)` now; code that called the old names
// keeps compiling with a warning that names the new one.

extension Conversation {
    /// Relays a message, naming it.
    @available(*, deprecated, renamed: "relay(_:message:_:)")
    public func relay<Receiver>(_ conversation: Receiver.Type, as message: Message, _ deliver: (Receiver) -> Void) {
        forward(conversation, message: message, deliver)
    }

    /// Relays a question, naming it.
    @available(*, deprecated, renamed: "relay(_:message:_:)")
    public func relay<Receiver, Answer>(
        _ conversation: Receiver.Type,
        as message: Message,
        _ ask: (Receiver) -> Answer?
    ) -> Answer? {
        forward(conversation, message: message, ask)
    }

    /// Relays a message whose receivers may throw, naming it.
    @available(*, deprecated, renamed: "relay(_:message:_:)")
    public func relay<Receiver>(
        _ conversation: Receiver.Type,
        as message: Message,
        _ deliver: (Receiver) throws -> Void
    ) throws {
        try forward(conversation, message: message, deliver)
    }

    /// Relays an async message, naming it.
    @available(*, deprecated, renamed: "relay(_:message:_:)")
    public func relay<Receiver>(
        _ conversation: Receiver.Type,
        as message: Message,
        _ deliver: @MainActor (Receiver) async -> Void
    ) async {
        await forward(conversation, message: message, deliver)
    }

    /// Relays a message and retains it, naming it.
    @available(*, deprecated, renamed: "relayRetained(_:message:_:)")
    public func relayRetained<Receiver>(
        _ conversation: Receiver.Type,
        as message: Message,
        _ deliver: @escaping (Receiver) -> Void
    ) {
        forwardRetained(conversation, message: message, deliver)
    }
}
