public import BCKit
public import Testing

extension TestOwner {
    /// A communication center that sends as a sibling of the controllers under test, so a test
    /// sends the way the app does, with the conversations' one-call forms.
    ///
    /// ```swift
    /// test.center.cartDidChange(count: 3)
    /// ```
    ///
    /// The sibling is a hidden controller the test owner attaches the first time the test reads
    /// this property, after the controllers mounted so far. It speaks no conversation, so it never
    /// receives anything. What the test sends through it is not recorded as sent by the
    /// controllers under test; what they send while handling it is. When the test owner finishes,
    /// a message sent through it that nobody here speaks fails the test, and so does one that a
    /// controller under test left to its default, unless the test said
    /// ``expectIgnored(_:_:by:sourceLocation:)``.
    ///
    /// Once the owner is torn down, or the test owner finished, its sends reach nobody: reading
    /// it then fails the test, at the line that created the test owner.
    public var center: CommunicationCenter {
        if let sibling, sibling.owner === owner { return sibling.center }
        let made = TestSibling()
        sibling = made
        if owner.state != .tornDown, !isFinished {
            try? owner.attach(made, priority: Int(Int16.min))
            observeLifecycle()
        } else {
            TestFailure.record(
                Comment(
                    rawValue: """
                        Cannot send through `center`: \(label) \(isFinished ? "already finished" : "is torn down"), \
                        so nothing here would hear it. Send before `finish()` or `drive(to: .tornDown)`, or \
                        create a new test owner.
                        """
                ),
                sourceLocation: creation
            )
        }
        return made.center
    }

    /// Sends a conversation to the controllers under test, as the host would.
    ///
    /// ```swift
    /// test.send((any GoodsConversation).self) { $0.goodsDidLoad(goods) }
    /// ```
    ///
    /// The test's own message is not recorded; what the controllers send while handling it is.
    /// Sending something nobody speaks is reported at once, as it is most likely the wrong
    /// protocol.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol, such as `(any GoodsConversation).self`.
    ///   - scope: How far through nested owners it goes.
    ///   - sourceLocation: Where a message nobody received is reported.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got it.
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ message: (Conversation) -> Void
    ) -> Int {
        fromHost(conversation, "send", sourceLocation) {
            owner.center.send(conversation, scope: scope, message)
        } ?? 0
    }

    /// Sends a throwing conversation to the controllers under test.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners it goes.
    ///   - sourceLocation: Where a message nobody received is reported.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got it.
    /// - Throws: The `ConversationError` listing every receiver that threw.
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ message: (Conversation) throws -> Void
    ) throws(ConversationError) -> Int {
        var failure: ConversationError?
        let reached = fromHost(conversation, "send", sourceLocation) { () -> Int in
            do throws(ConversationError) {
                return try owner.center.send(conversation, scope: scope, message)
            } catch {
                failure = error
                return 0
            }
        }
        if let failure { throw failure }
        return reached ?? 0
    }

    /// Sends an async conversation to the controllers under test and waits for every receiver.
    ///
    /// ```swift
    /// await test.send((any RefreshConversation).self) { await $0.refresh() }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners it goes.
    ///   - concurrently: Whether the receivers run concurrently rather than in order.
    ///   - sourceLocation: Where a message nobody received is reported.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers got it.
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        concurrently: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ message: @MainActor (Conversation) async -> Void
    ) async -> Int {
        guard checkNotFinished("send", sourceLocation) else { return 0 }
        let start = recorder.messages.count
        let reached = await owner.center.send(conversation, scope: scope, concurrently: concurrently, message)
        settleHostDispatch(conversation, since: start, sourceLocation)
        return reached
    }

    /// Asks the controllers under test a question and returns the first answer that is not `nil`.
    ///
    /// ```swift
    /// let price = test.first((any PriceQuery).self) { $0.price }
    /// ```
    ///
    /// Stubs are not asked: they stand in for the rest of the screen and answer what the
    /// controllers under test ask, so a stub's answer must not stand in for a controller under
    /// test that answered `nil`. As for the test's messages, any other controller here is asked.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners it goes.
    ///   - sourceLocation: Where a question nobody received is reported.
    ///   - ask: The question to put to a receiver.
    /// - Returns: The first answer, or `nil`.
    public func first<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ ask: (Conversation) -> Answer?
    ) -> Answer? {
        fromHost(conversation, "ask", sourceLocation) {
            owner.center.first(conversation, scope: scope) { isStub($0) ? nil : ask($0) }
        } ?? nil
    }

    /// Asks the controllers under test a question and returns every answer in order.
    ///
    /// Stubs are not asked, as for ``first(_:scope:sourceLocation:_:)``.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners it goes.
    ///   - sourceLocation: Where a question nobody received is reported.
    ///   - ask: The question to put to each receiver.
    /// - Returns: One answer per receiver.
    public func all<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ ask: (Conversation) -> Answer
    ) -> [Answer] {
        fromHost(conversation, "ask", sourceLocation) {
            owner.center.all(conversation, scope: scope) { isStub($0) ? nil : Optional(ask($0)) }.compactMap { $0 }
        } ?? []
    }

    /// Asks the controllers under test a question they answer through a `Reply`.
    ///
    /// ```swift
    /// let counts = test.gather((any StockQuery).self) { $0.fetchStock(reply: $1) }
    /// ```
    ///
    /// Stubs are not asked, as for ``first(_:scope:sourceLocation:_:)``, nor waited for.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners it goes.
    ///   - sourceLocation: Where a question nobody received is reported.
    ///   - ask: Puts the question to a receiver with the reply to answer through.
    /// - Returns: Every answer in order, or `nil` if some receiver has not answered yet.
    public func gather<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ ask: (Conversation, Reply<Answer>) -> Void
    ) -> [Answer]? {
        var answers: [Answer]?
        _ = fromHost(conversation, "ask", sourceLocation) {
            owner.center.gather(
                conversation, scope: scope,
                { receiver, reply in
                    if isStub(receiver) { reply.withdraw() } else { ask(receiver, reply) }
                }
            ) {
                answers = $0
            }
        }
        return answers
    }

    /// Whether a receiver of the test's own question is a stub, which the test does not ask.
    private func isStub(_ receiver: Any) -> Bool {
        // Every receiver is a controller: the owner's tables hold nothing else.
        guard let controller = receiver as? any BusinessController else { return false }
        return recorder.stubNames.contains(Self.name(of: controller))
    }

    /// Runs one of the test's own dispatches, then takes it out of the recording.
    private func fromHost<Conversation, Result>(
        _ conversation: Conversation.Type,
        _ operation: String,
        _ sourceLocation: SourceLocation,
        _ body: () -> Result
    ) -> Result? {
        guard checkNotFinished(operation, sourceLocation) else { return nil }
        let start = recorder.messages.count
        let result = body()
        settleHostDispatch(conversation, since: start, sourceLocation)
        return result
    }

    private func settleHostDispatch<Conversation>(
        _ conversation: Conversation.Type,
        since start: Int,
        _ sourceLocation: SourceLocation
    ) {
        // A receiver may have attached or detached controllers meanwhile.
        observeLifecycle()
        guard var own = recorder.dropHostDispatch(since: start, conversation: ObjectIdentifier(conversation)) else {
            return
        }
        guard own.receivers.isEmpty else {
            // Checked when the test owner finishes, so `expectIgnored` can follow the send.
            own.sourceLocation = sourceLocation
            recorder.testDispatches.append(own)
            return
        }
        TestFailure.record(
            Comment(
                rawValue: """
                    Nobody here speaks \(own.conversation): no controller under test or stub received it. \
                    Mount the controller that handles it, or check the protocol.
                    """
            ),
            sourceLocation: sourceLocation
        )
    }
}
