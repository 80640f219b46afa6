public import BCKit
public import Testing

extension TestOwner {
    /// Expects that a controller under test left a message the test sent to its default
    /// implementation: it speaks the conversation, but rightly not this message.
    ///
    /// ```swift
    /// test.center.cartWasCleared()
    /// test.expectIgnored((any CartConversation).self, "cartWasCleared()")
    /// ```
    ///
    /// Messages are optional, so a controller that leaves a message to its default is normal when
    /// a sibling, a stub or the controller itself sent it. But when the *test* sends a message
    /// and no controller under test handles it (each that received it left it to its default),
    /// the method is most likely misspelled (another label, another parameter type), so the test
    /// owner fails the test when it finishes, at the line of the send method (for ``center``, the
    /// line that created the test owner), unless the test calls this after sending. With several
    /// controllers under test, one handling the message is enough; the test may still say that a
    /// sibling ignores it, naming the sibling in `controller`.
    ///
    /// Each call accounts for the oldest message the test sent that matches and that a controller
    /// under test ignored, and fails when there is none: when the controller handled it, or the
    /// test never sent it.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - method: The method as `#function` spells it, `cartDidChange(count:)`, or its base name,
    ///     `cartDidChange`; `nil` for any method of the conversation.
    ///   - controller: The controller under test expected to ignore it; `nil` for every one that
    ///     received it.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectIgnored<Conversation>(
        _ conversation: Conversation.Type,
        _ method: String? = nil,
        by controller: (any BusinessController)? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard checkNotFinished("expect a message ignored", sourceLocation) else { return }
        let id = ObjectIdentifier(conversation)
        let receiver = controller.map(Self.name(of:))
        let matches: (DefaultedDelivery) -> Bool = { delivery in
            (receiver == nil || delivery.receiver == receiver)
                && (method.map { delivery.method == $0 || delivery.method.hasPrefix($0 + "(") } ?? true)
        }
        if let position = recorder.testDispatches.firstIndex(where: {
            $0.conversationID == id && $0.unexpectedIgnored.contains(where: matches)
        }) {
            recorder.testDispatches[position].unexpectedIgnored.removeAll(where: matches)
            return
        }
        let name = conversationName(of: conversation)
        let expected = method.map { "\(name).\($0)" } ?? name
        let who = receiver ?? "a controller under test"
        let handlers = Self.distinct(
            recorder.testDispatches.filter { $0.conversationID == id }.flatMap { dispatch in
                dispatch.receivers.filter { name in
                    (receiver == nil || name == receiver) && recorder.namesUnderTest.contains(name)
                        && !dispatch.ignoredUnderTest.contains { $0.receiver == name }
                }
            })
        let why =
            handlers.isEmpty
            ? "but the test sent no such message to it that is not accounted for yet"
            : "but \(handlers.joined(separator: ", ")) handled it: its own method ran"
        TestFailure.record(
            Comment(rawValue: "Expected \(who) to ignore \(expected), \(why)."), sourceLocation: sourceLocation)
    }

    /// Lets the controllers under test leave the messages of `conversation` that the test sends
    /// to their default implementations, without ``expectIgnored(_:_:by:sourceLocation:)``.
    ///
    /// ```swift
    /// test.allowIgnoring((any ConnectivityConversation).self)
    /// test.center.connectivityDidChange(isOnline: false)  // ignored by the controller: fine
    /// ```
    ///
    /// For a conversation whose messages controllers commonly ignore, such as an app's own host
    /// events. BCKit's `HostEventConversation` is allowed from the start. This is a choice about
    /// tests alone, apart from making a conversation quiet, which is about the debug console:
    /// a quiet message the test sends still fails the test when a controller under test ignores
    /// it, unless the test allows it here.
    ///
    /// - Parameter conversation: The conversation protocol, such as
    ///   `(any ConnectivityConversation).self`.
    public func allowIgnoring<Conversation>(_ conversation: Conversation.Type) {
        recorder.mayBeIgnored.insert(ObjectIdentifier(conversation))
    }
}
