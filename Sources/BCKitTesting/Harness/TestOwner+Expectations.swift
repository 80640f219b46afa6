import BCKit
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
    /// When the next message is another one (or the same conversation with another call) but a
    /// matching message comes later, the test fails once, naming the messages in between, and
    /// continues after the match. With a
    /// non-exhaustive ``exhaustivity``, the messages in between are skipped silently.
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
        let id = ObjectIdentifier(conversation)
        let name = conversationName(of: conversation)
        let matches: (SentMessage) -> Bool = { message in
            guard message.conversationID == id else { return false }
            guard let call else { return true }
            return !message.calls.isEmpty && message.calls.allSatisfy { $0.description == call }
        }
        let expected = call.map { "\(name).\($0)" } ?? name
        guard
            consume(
                matches, expecting: expected, sourceLocation,
                explaining: { pending in
                    guard let call, let same = pending.first(where: { $0.conversationID == id }) else { return nil }
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
                }) != nil
        else {
            // A near miss (the conversation with another call) is the message the test meant:
            // count it as asserted so the end of the test does not report it a second time.
            if call != nil,
                let near = recorder.messages[assertedCount...].firstIndex(where: { $0.conversationID == id })
            {
                assertedCount = near + 1
            }
            return
        }
    }

    /// Expects the next messages, in order, each written as its ``SentMessage/summary``
    /// (`CartConversation.add(goodsID: 7, quantity: 2)`) or as its conversation alone
    /// (`CartConversation`).
    ///
    /// ```swift
    /// test.expectSent(["StockQuery.stock(of: 7)", "PriceConversation"])
    /// ```
    ///
    /// - Parameters:
    ///   - messages: The expected messages, oldest first.
    ///   - sourceLocation: Where a mismatch is reported.
    public func expectSent(_ messages: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for expected in messages {
            let matches: (SentMessage) -> Bool = {
                expected.contains(".") ? $0.summary == expected : $0.conversation == expected
            }
            guard consume(matches, expecting: expected, sourceLocation, explaining: { _ in nil }) != nil else { return }
        }
    }

    /// Expects that the controllers under test sent nothing that has not been asserted yet.
    ///
    /// The unasserted messages are listed in the failure and then count as asserted, so the
    /// end of the test does not report them again.
    ///
    /// - Parameter sourceLocation: Where the failure is reported.
    public func expectNoMoreSent(sourceLocation: SourceLocation = #_sourceLocation) {
        let pending = unassertedMessages
        assertedCount = recorder.messages.count
        guard !pending.isEmpty else { return }
        Issue.record(
            Comment(
                rawValue: "Expected nothing more, but \(Self.count(pending.count, "message")) were sent:\n"
                    + Self.list(pending)
            ),
            sourceLocation: sourceLocation
        )
    }

    /// Marks every message sent so far as asserted, for a test that checks something else.
    public func skipSentMessages() {
        assertedCount = recorder.messages.count
    }

    /// Finds the next message matching `predicate`, reports what had to be skipped to get there,
    /// and moves past it.
    private func consume(
        _ predicate: (SentMessage) -> Bool,
        expecting expected: String,
        _ sourceLocation: SourceLocation,
        explaining explain: (ArraySlice<SentMessage>) -> String?
    ) -> SentMessage? {
        let messages = recorder.messages
        let pending = messages[assertedCount...]
        guard let position = pending.firstIndex(where: predicate) else {
            let next = pending.first.map { "the next was: \($0)" } ?? "nothing more was sent"
            let failure = explain(pending) ?? "Expected \(expected) to be sent, but \(next)."
            let hint = Self.closest(to: expected, among: pending.isEmpty ? messages[...] : pending)
            Issue.record(
                Comment(rawValue: failure + (hint.map { "\n" + $0 } ?? "")),
                sourceLocation: sourceLocation
            )
            return nil
        }
        if position > assertedCount, exhaustivity.requiresAssertingEveryMessage {
            Issue.record(
                Comment(
                    rawValue: "Expected \(expected) to be sent next, but first came:\n"
                        + Self.list(Array(messages[assertedCount..<position]))
                ),
                sourceLocation: sourceLocation
            )
        }
        assertedCount = position + 1
        return messages[position]
    }

    /// The recorded message that reads closest to an expectation, with how it differs: a missing
    /// label, a wrong argument, another method.
    static func closest(to expected: String, among messages: ArraySlice<SentMessage>) -> String? {
        let candidates = messages.flatMap { message in
            message.calls.isEmpty ? [message.conversation] : message.calls.map { "\(message.conversation).\($0)" }
        }
        let distances = candidates.map { CallText.distance(expected, $0) }
        guard let best = distances.indices.min(by: { distances[$0] < distances[$1] }) else { return nil }
        let recorded = candidates[best]
        let differences = CallText(expected).differences(from: CallText(recorded))
        return "Closest recorded: \(recorded)"
            + (differences.isEmpty ? "." : ": \(differences.joined(separator: "; ")).")
    }

}
