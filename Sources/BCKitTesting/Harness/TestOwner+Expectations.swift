public import BCKit
public import Testing

extension TestOwner {
    /// Expects the next message the controllers under test sent to be this conversation, and
    /// marks it asserted.
    ///
    /// ```swift
    /// test.expectSent((any CartConversation).self)
    /// test.expectSent((any CartConversation).self, "add(goodsID: 7, quantity: 2)")
    /// ```
    ///
    /// When the next message is another one but a matching message comes later, the test fails
    /// once, naming the messages in between, and continues after the match. With a
    /// non-exhaustive ``exhaustivity``, the messages in between are skipped silently.
    ///
    /// When no message matches but the conversation was sent with another call (a near miss),
    /// the test fails once, naming both calls, and that message alone counts as asserted: the
    /// messages before it can still be expected next, and neither the next expectation nor the
    /// end of the test reports the near miss again.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - call: The call the receiving stubs recorded, as ``StubCall/description`` prints it;
    ///     `nil` to check the conversation only. Every stub that received it must have recorded
    ///     exactly this call.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectSent<Conversation>(
        _ conversation: Conversation.Type,
        _ call: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSent(conversation, call, anyScopeOr: nil, sourceLocation)
    }

    /// Expects the next message the controllers under test sent to be this conversation, sent
    /// with this scope, and marks it asserted.
    ///
    /// A stub attached to the test owner answers a question asked locally as it answers one asked
    /// up, so a cell's controller that forgot `up` passes a test that does not name the scope,
    /// while in the app its question reaches nobody. Name the scope where it matters:
    ///
    /// ```swift
    /// test.expectSent((any StockQuery).self, "stock(of: 7)", scope: .reportUp)
    /// ```
    ///
    /// The scope is how far the message goes; whether it left the sender out (`center.others`)
    /// plays no part. The same message sent with another scope is a near miss, as in
    /// ``expectSent(_:_:sourceLocation:)``, and the failure names both scopes.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any CartConversation).self`.
    ///   - call: The call the receiving stubs recorded, as ``StubCall/description`` prints it;
    ///     `nil` to check the conversation only.
    ///   - scope: `.local`, `.reportUp` or `.broadcastDown`.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectSent<Conversation>(
        _ conversation: Conversation.Type,
        _ call: String? = nil,
        scope: Scope,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        expectSent(conversation, call, anyScopeOr: scope, sourceLocation)
    }

    /// Both `expectSent` forms; `scope` is `nil` for any scope.
    private func expectSent<Conversation>(
        _ conversation: Conversation.Type,
        _ call: String?,
        anyScopeOr scope: Scope?,
        _ sourceLocation: SourceLocation
    ) {
        // After `finish()`, which checked what was left, an expectation checks nothing that counts.
        guard checkNotFinished("expect a message", sourceLocation) else { return }
        let id = ObjectIdentifier(conversation)
        let name = conversationName(of: conversation)
        func hasCall(_ message: SentMessage) -> Bool {
            guard let call else { return true }
            return !message.calls.isEmpty && message.calls.allSatisfy { $0.description == call }
        }
        consume(
            expecting: call.map { "\(name).\($0)" } ?? name,
            sourceLocation,
            where: { message in
                message.conversationID == id && hasCall(message)
                    && (scope.map { $0.includingSender == message.scope.includingSender } ?? true)
            },
            nearMiss: { message in (call != nil || scope != nil) && message.conversationID == id },
            explaining: { same in
                if let scope, hasCall(same) {
                    return """
                        \(same.summary) was sent \(same.scope.includingSender), not \(scope): \
                        the test's stubs answer it either way, the app's other owners do not.
                        """
                }
                guard let call else { return nil }
                if same.calls.isEmpty {
                    return """
                        \(same) was sent, but no stub recorded a call, so `\(call)` cannot be checked. \
                        Attach a StubController that speaks \(name) and calls `record(...)`.
                        """
                }
                return """
                    \(name) was sent, but the stubs recorded \
                    \(same.calls.map { "`\($0)`" }.joined(separator: ", ")) instead of `\(call)`.
                    """
            })
    }

    /// Expects the next messages, in order, each written as its ``SentMessage/summary``
    /// (`CartConversation.add(goodsID: 7, quantity: 2)`) or as its conversation alone
    /// (`CartConversation`).
    ///
    /// ```swift
    /// test.expectSent(["StockQuery.stock(of: 7)", "PriceConversation"])
    /// ```
    ///
    /// Each message is expected as ``expectSent(_:_:sourceLocation:)`` expects one, near misses
    /// included; the first that fails ends the list.
    ///
    /// - Parameters:
    ///   - messages: The expected messages, oldest first.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectSent(_ messages: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        guard checkNotFinished("expect messages", sourceLocation) else { return }
        for expected in messages {
            let expectsCall = expected.contains(".")
            let found = consume(
                expecting: expected,
                sourceLocation,
                where: { expectsCall ? $0.summary == expected : $0.conversation == expected },
                nearMiss: { expectsCall && expected.hasPrefix($0.conversation + ".") },
                explaining: { _ in nil })
            guard found else { return }
        }
    }

    /// Expects that the controllers under test sent nothing that has not been asserted yet.
    ///
    /// The unasserted messages are listed in the failure and then count as asserted, so the
    /// end of the test does not report them again.
    ///
    /// - Parameter sourceLocation: Where the failure is reported.
    public func expectNoMoreSent(sourceLocation: SourceLocation = #_sourceLocation) {
        guard checkNotFinished("expect nothing more sent", sourceLocation) else { return }
        let pending = unassertedMessages
        skipSentMessages()
        guard !pending.isEmpty else { return }
        TestFailure.record(
            Comment(
                rawValue: "Expected nothing more, but \(Self.count(pending.count, "message")) were sent:\n"
                    + Self.list(pending)
            ),
            sourceLocation: sourceLocation
        )
    }

    /// Marks every message sent so far as asserted, for a test that checks something else.
    public func skipSentMessages() {
        asserted.formUnion(recorder.messages.indices)
    }

    /// Finds the next unasserted message that `matches`, reports what had to be skipped to get
    /// there, and counts it and the skipped ones as asserted. When none matches, reports the
    /// failure and counts the first near miss, alone, as asserted: it is the message the test
    /// meant, so it must not fail the next expectation or the end of the test too.
    ///
    /// - Parameters:
    ///   - explain: The failure for a near miss, when it needs more than the closest call.
    /// - Returns: Whether a message matched.
    @discardableResult
    private func consume(
        expecting expected: String,
        _ sourceLocation: SourceLocation,
        where matches: (SentMessage) -> Bool,
        nearMiss isNearMiss: (SentMessage) -> Bool,
        explaining explain: (SentMessage) -> String?
    ) -> Bool {
        let messages = recorder.messages
        let pending = pendingPositions
        guard let found = pending.firstIndex(where: { matches(messages[$0]) }) else {
            let near = pending.first { isNearMiss(messages[$0]) }
            let next = pending.first.map { "the next was: \(messages[$0])" } ?? "nothing more was sent"
            let failure = near.flatMap { explain(messages[$0]) } ?? "Expected \(expected) to be sent, but \(next)."
            let candidates = pending.isEmpty ? Array(messages) : pending.map { messages[$0] }
            let hint = Self.closest(to: expected, among: candidates)
            TestFailure.record(
                Comment(rawValue: failure + (hint.map { "\n" + $0 } ?? "")),
                sourceLocation: sourceLocation
            )
            if let near { asserted.insert(near) }
            return false
        }
        let skipped = pending[..<found].map { messages[$0] }
        if !skipped.isEmpty, exhaustivity.requiresAssertingEveryMessage {
            TestFailure.record(
                Comment(rawValue: "Expected \(expected) to be sent next, but first came:\n" + Self.list(skipped)),
                sourceLocation: sourceLocation
            )
        }
        asserted.formUnion(pending[...found])
        return true
    }

    /// The recorded message that reads closest to an expectation, with how it differs: a missing
    /// label, a wrong argument, another method.
    ///
    /// An expectation that names a conversation alone is compared with conversations alone,
    /// and the hint names the closest one: set against a call, it would read as "another method".
    static func closest(to expected: String, among messages: [SentMessage]) -> String? {
        let expectsCall = expected.contains(".")
        let candidates =
            expectsCall
            ? messages.flatMap { message in
                message.calls.isEmpty ? [message.conversation] : message.calls.map { "\(message.conversation).\($0)" }
            }
            : messages.map(\.conversation)
        let distances = candidates.map { CallText.distance(expected, $0) }
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return nil }
        let recorded = candidates[best]
        // The conversation sent, but no stub recorded the call: there is no call to compare.
        if expectsCall, expected.hasPrefix(recorded + ".") {
            return "Closest recorded: \(recorded), with no call recorded: only a stub records one."
        }
        let differences = expectsCall ? CallText(expected).differences(from: CallText(recorded)) : []
        return "Closest recorded: \(recorded)"
            + (differences.isEmpty ? "." : ": \(differences.joined(separator: "; ")).")
    }

}
