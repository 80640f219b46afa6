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
    /// interleave at their suspension points) and the send returns when all have finished; one
    /// that an earlier receiver detached before its own call started is skipped too.
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the message goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
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
        await collect(conversation, kind: .send, scope: scope, concurrently: concurrently, message: nil) {
            await message($0)
        }.count
    }

    /// Asks every receiver an async question and returns the answers in the owner's order, also
    /// when the receivers ran concurrently. A receiver detached before it was asked, in order or
    /// concurrently, gives no answer.
    ///
    /// ```swift
    /// let stock = await owner.center.all((any StockQuery).self, concurrently: true) { await $0.stock() }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes. Through a view (``down``,
    ///     ``up``, ``others``), ``Scope/local`` keeps the view's reach and a wider scope replaces
    ///     it; ``others`` still leaves the sender out (see "Views" on ``CommunicationCenter``).
    ///   - concurrently: Whether to run the receivers concurrently rather than in order.
    ///   - ask: The question to put to each receiver.
    /// - Returns: One answer per receiver called, in the owner's order.
    public func all<Conversation, Answer: Sendable>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        concurrently: Bool = false,
        _ ask: @MainActor (Conversation) async -> Answer
    ) async -> [Answer] {
        await collect(conversation, kind: .query, scope: scope, concurrently: concurrently, message: nil, ask)
    }

    /// The async dispatch behind `send` and `all`: the receivers in scope when it starts, by the
    /// same ``Delivery`` rule as every other dispatch. Each receiver runs with its identity in a
    /// task-local value, so what it sends is traced as sent by it, also across suspension points
    /// and concurrent siblings.
    ///
    /// No owner is kept across a suspension: the owner it was sent through is read again from its
    /// switchboard, which names it weakly, before each receiver. Kept, an owner the app released
    /// while a receiver was suspended would live on, with its controllers and their uncancelled
    /// tasks, until the send returned. Once it is gone the send calls nobody more, as after a
    /// tear-down.
    ///
    /// Named by `message` when a relaying default sent it; in debug builds, a named message
    /// nobody handled, or an unnamed one that reached nobody, is reported, as for sync sends.
    func collect<Conversation, Answer: Sendable>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        concurrently: Bool,
        message: Message?,
        _ ask: @MainActor (Conversation) async -> Answer
    ) async -> [Answer] {
        let switchboard = self.switchboard
        #if DEBUG
            reportIfNotAttached(conversation, message, in: switchboard)
            let diagnosing = isDiagnosing(message, in: switchboard)
        #else
            let diagnosing = false
        #endif
        let scope = scope.narrowed(by: self.scope)
        guard
            let begun = begin(
                conversation, kind: kind, scope: scope, message: message, diagnosing: diagnosing, in: switchboard)
        else { return [] }
        let (receivers, trace, chain) = begun
        let observing: Observing = if let trace { .trace(trace) } else { .none }
        // The walk picks the receivers, bringing those that lag an up event forward; each call goes
        // through the async twin of the one entry point, since a call that awaits cannot run
        // inside the synchronous walk.
        var delivery = Delivery(count: receivers.count)
        var reached = 0
        var answers: [Answer] = []
        if concurrently {
            var called: [ReceiverBox<Conversation>.Call] = []
            while let entry = Self.next(of: receivers, in: &delivery, scope: scope, from: switchboard) {
                // Recorded here, in delivery order: the calls below end in any order.
                trace?.reached.append(entry.attachment)
                called.append((called.count, entry.receiver, entry.attachment))
            }
            let box = ReceiverBox(called, observing, in: switchboard)
            let answered = await AsyncNesting.$chain.withValue(chain) {
                // safe: the task group below awaits every child task before it returns, so `ask`
                // is never called after this closure returns, which is all that escaping means.
                await withoutActuallyEscaping(ask) { ask in
                    await Self.runConcurrently(box, count: called.count, ask)
                }
            }
            // A receiver that left before its task started was not called: the delivery rule.
            if answered.count < called.count {
                let calledPositions = Set(answered.map(\.position))
                trace?.reached = called.filter { calledPositions.contains($0.position) }.map(\.attachment)
            }
            reached = answered.count
            answers = answered.map(\.answer)
            trace?.orderDefaultedAsReached()
        } else {
            // One receiver per step of the walk: it stops after each, and carries on from there
            // once that receiver has answered, so a receiver detached meanwhile is skipped.
            while let entry = Self.next(of: receivers, in: &delivery, scope: scope, from: switchboard) {
                reached += 1
                let receiver = entry.receiver
                let answer = await AsyncNesting.$chain.withValue(chain) {
                    await Delivery.visit(entry.attachment, in: observing) { await ask(receiver) }
                }
                answers.append(answer)
            }
        }
        let record = trace?.finish()
        // Debug builds only, where `diagnosing` can be true: compiled in a release build, the
        // branch was code that never runs, which the optimizer warned of.
        #if DEBUG
            if diagnosing, let record, let message {
                switchboard.diagnoseUnhandled(record, of: conversation, message: message, sender: sender)
            }
            if message == nil { reportIfNobody(conversation, reached: reached, in: switchboard, about: record?.id) }
        #endif
        return answers
    }

    /// The start of an async dispatch through the owner of `switchboard`, or `nil` when it has
    /// none: the receivers in scope, the trace, and the chain of async sends with this one added.
    /// Apart from the send, so that none of the owners it reads is kept across a suspension.
    private func begin<Conversation>(
        _ conversation: Conversation.Type,
        kind: DispatchRecord.Kind,
        scope: Scope,
        message: Message?,
        diagnosing: Bool,
        in switchboard: Switchboard
    ) -> (receivers: ContiguousArray<Entry<Conversation>>, trace: DispatchTrace?, chain: [String])? {
        guard let origin = switchboard.owner else { return nil }
        let owners = scope.owners(from: origin)
        let receivers = switchboard.snapshot(of: conversation, in: owners, scope: scope, sender: sender)
        let chain = AsyncNesting.enter(conversationName(of: conversation), owner: origin.name)
        let trace = DispatchTrace(
            of: conversation, kind: kind, owner: origin, sender: sender, scope: scope, depth: chain.count - 1,
            message: message, isQuiet: isQuiet, tracers: switchboard.distinctTracers(of: owners),
            isAsynchronous: true, evenUntraced: diagnosing)
        return (receivers, trace, chain)
    }

    /// The next receiver of an async dispatch by the delivery rule, brought forward when it lags
    /// an up event; `nil` once the walk is over, or once the owner the dispatch was sent through
    /// is gone, which ends it as a tear-down would.
    private static func next<Conversation>(
        of receivers: ContiguousArray<Entry<Conversation>>,
        in delivery: inout Delivery,
        scope: Scope,
        from switchboard: Switchboard
    ) -> Entry<Conversation>? {
        guard let origin = switchboard.owner else { return nil }
        var observer = CarefulObserver(.none, broadcastOrigin: scope.reachesDown ? origin : nil)
        var next: Entry<Conversation>?
        delivery.walk(receivers, departures: .possible, observer: &observer) { position in
            next = receivers[position]
            return false
        }
        return next
    }

    /// Starts every receiver in its own main-actor child task and returns the answers of those
    /// still attached when their task started, by position.
    private nonisolated static func runConcurrently<Receiver, Answer: Sendable>(
        _ box: ReceiverBox<Receiver>,
        count: Int,
        _ ask: @escaping @MainActor (Receiver) async -> Answer
    ) async -> [(position: Int, answer: Answer)] {
        await withTaskGroup(of: (Int, Answer)?.self) { group in
            for index in 0..<count {
                group.addTask { await box.ask(index, ask) }
            }
            var numbered: [(position: Int, answer: Answer)] = []
            for await case let (position, answer)? in group {
                numbered.append((position, answer))
            }
            return numbered.sorted { $0.position < $1.position }
        }
    }
}

/// Hands receivers to child tasks: being main-actor isolated, the box is `Sendable`, and the
/// receivers inside it never leave the main actor.
@MainActor
private final class ReceiverBox<Receiver> {
    /// One receiver to call: its position, itself, and its attachment.
    typealias Call = (position: Int, receiver: Receiver, attachment: Attachment)

    let receivers: [Call]
    let observing: Observing
    /// The switchboard of the owner the send went through, which names that owner weakly.
    let switchboard: Switchboard

    init(_ receivers: [Call], _ observing: Observing, in switchboard: Switchboard) {
        self.receivers = receivers
        self.observing = observing
        self.switchboard = switchboard
    }

    /// Calls the receiver at `index`, unless it left since the send picked it (an earlier
    /// receiver detached it, or tore its owner down, before this task started) or the owner the
    /// send went through is gone.
    ///
    /// - Returns: The receiver's position and answer, or `nil` when it was not called.
    func ask<Answer: Sendable>(
        _ index: Int,
        _ question: @MainActor (Receiver) async -> Answer
    ) async -> (Int, Answer)? {
        let (position, receiver, attachment) = receivers[index]
        guard !Delivery.hasLeft(attachment, mayHaveLeft: true), switchboard.owner != nil else { return nil }
        let answer = await Delivery.visit(attachment, in: observing, recordingReached: false) {
            await question(receiver)
        }
        return (position, answer)
    }
}
