// MARK: - Async sends

extension CommunicationCenter {
    /// Calls an async conversation method on every receiver, one after another by default.
    ///
    /// ```swift
    /// await owner.center.send((any RefreshConversation).self) { await $0.refresh() }
    /// ```
    ///
    /// The receivers are those attached when the send starts; one detached before its turn is
    /// skipped. With `concurrently`, every receiver starts at once (all on the main actor, so they
    /// interleave at their suspension points) and the send returns when all have finished.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the message goes.
    ///   - concurrently: Whether to run the receivers concurrently rather than in order.
    ///   - message: The call to make on each receiver.
    /// - Returns: How many receivers were called.
    @discardableResult
    public func send<Conversation>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        concurrently: Bool = false,
        _ message: @MainActor (Conversation) async -> Void
    ) async -> Int {
        await collect(conversation, kind: .send, scope: scope, concurrently: concurrently) { await message($0) }.count
    }

    /// Asks every receiver an async question and returns the answers in the owner's order, also
    /// when the receivers ran concurrently.
    ///
    /// ```swift
    /// let stock = await owner.center.all((any StockQuery).self, concurrently: true) { await $0.stock() }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes.
    ///   - concurrently: Whether to run the receivers concurrently rather than in order.
    ///   - ask: The question to put to each receiver.
    /// - Returns: One answer per receiver called, in the owner's order.
    public func all<Conversation, Answer: Sendable>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        concurrently: Bool = false,
        _ ask: @MainActor (Conversation) async -> Answer
    ) async -> [Answer] {
        await collect(conversation, kind: .query, scope: scope, concurrently: concurrently, ask)
    }

    /// The async dispatch behind `send` and `all`. Sends made by async receivers are attributed to
    /// the host: a sender recorded across suspension points would leak into interleaved work.
    private func collect<Conversation, Answer: Sendable>(
        _ conversation: Conversation.Type,
        kind: Dispatch.Kind,
        scope: Scope,
        concurrently: Bool,
        _ ask: @MainActor (Conversation) async -> Answer
    ) async -> [Answer] {
        let start = ContinuousClock.now
        let sender = currentSender?.name ?? TaskAttribution.sender
        let receivers = snapshot(of: conversation, scope: scope)
        var answers: [Answer] = []
        var reached: [Attachment] = []
        if concurrently {
            let called = receivers.enumerated().filter { $0.element.attachment.isAttached }
            reached = called.map(\.element.attachment)
            let box = ReceiverBox(called.map { ($0.offset, $0.element.receiver) })
            answers = await withoutActuallyEscaping(ask) { ask in
                await Self.runConcurrently(box, count: called.count, ask)
            }
        } else {
            for (receiver, attachment) in receivers where attachment.isAttached {
                reached.append(attachment)
                answers.append(await ask(receiver))
            }
        }
        if tracer != nil {
            trace(
                kind: kind,
                conversation: conversation,
                sender: sender,
                receivers: reached,
                duration: ContinuousClock.now - start,
                depth: depth
            )
        }
        return answers
    }

    /// Starts every receiver in its own main-actor child task and returns the answers by position.
    private nonisolated static func runConcurrently<Receiver, Answer: Sendable>(
        _ box: ReceiverBox<Receiver>,
        count: Int,
        _ ask: @escaping @MainActor (Receiver) async -> Answer
    ) async -> [Answer] {
        await withTaskGroup(of: (Int, Answer).self) { group in
            for index in 0..<count {
                group.addTask { await box.ask(index, ask) }
            }
            var numbered: [(Int, Answer)] = []
            for await answer in group {
                numbered.append(answer)
            }
            return numbered.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The receivers in scope right now, in delivery order.
    func snapshot<Conversation>(
        of conversation: Conversation.Type,
        scope: Scope
    ) -> [(receiver: Conversation, attachment: Attachment)] {
        guard let origin = owner else { return [] }
        return scope.owners(from: origin).flatMap { owner in
            owner.center.table(for: conversation).entries.map { ($0.receiver, $0.attachment) }
        }
    }
}

/// Hands receivers to child tasks: being main-actor isolated, the box is `Sendable`, and the
/// receivers inside it never leave the main actor.
@MainActor
private final class ReceiverBox<Receiver> {
    let receivers: [(position: Int, receiver: Receiver)]

    init(_ receivers: [(position: Int, receiver: Receiver)]) {
        self.receivers = receivers
    }

    func ask<Answer: Sendable>(
        _ index: Int,
        _ question: @MainActor (Receiver) async -> Answer
    ) async -> (Int, Answer) {
        (receivers[index].position, await question(receivers[index].receiver))
    }
}
