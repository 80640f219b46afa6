/// A receiver's way to answer a ``CommunicationCenter/gather(_:scope:_:completion:)`` question,
/// now or later. Call it exactly once: a reply released without being called leaves its answer
/// out, which debug builds report (``Diagnostic/Cause/droppedReply``).
///
/// ```swift
/// func fetchStock(reply: Reply<Int>) {
///     warehouse.load { count in reply(count) }
/// }
/// ```
@MainActor
public final class Reply<Answer> {
    private let gathering: Gathering<Answer>
    private let position: Int
    private let receiver: String
    /// The receiver's place in the owner it was asked in: detached, or gone with its owner, once
    /// it left. Held weakly, so that a reply the receiver keeps does not keep the receiver.
    private weak var attachment: Attachment?
    private var answered = false

    init(gathering: Gathering<Answer>, position: Int, receiver: String, attachment: Attachment?) {
        self.gathering = gathering
        self.position = position
        self.receiver = receiver
        self.attachment = attachment
    }

    /// Answers the question; ignored once this receiver has left the owner it was asked in, which
    /// no longer waits for it, also when it answers at once after leaving from inside the question.
    ///
    /// - Parameter answer: This receiver's answer.
    /// - Important: Call it once per receiver; a second answer stops the program with a message
    ///   naming the receiver and the conversation.
    public func callAsFunction(_ answer: Answer) {
        if answered {
            // fatalError, not preconditionFailure: optimized builds drop a precondition's message.
            fatalError("BCKit: \(receiver) answered \(gathering.conversation) twice; call each reply exactly once.")
        }
        answered = true
        // Its owner is told of a departure only once the asking ends: one that left from inside
        // its own question is found out here.
        guard let attachment, !Delivery.hasLeft(attachment, mayHaveLeft: true) else {
            gathering.withdraw(at: position)
            return
        }
        gathering.receive(answer, at: position)
    }

    /// Takes this receiver out of the question without an answer: it is left out, and not waited
    /// for. BCKitTesting's test owner does not ask stubs its own questions.
    ///
    /// - Returns: Whether the gather was still waiting for this receiver.
    @discardableResult
    package func withdraw() -> Bool {
        guard !answered else { return false }
        answered = true
        return gathering.withdraw(at: position)
    }

    // Released unanswered, it can never be answered: the gather would wait for it for good, so it
    // is left out, and debug builds report the receiver that dropped it. Isolated because the
    // gathering is main-actor state; a reply is made and, in practice, dropped on the main actor.
    isolated deinit {
        guard !answered, gathering.withdraw(at: position) else { return }
        #if DEBUG
            reportDropped()
        #endif
    }

    /// Reports, to the owner the receiver is still attached to, that it dropped this reply.
    private func reportDropped() {
        guard let attachment, !Delivery.hasLeft(attachment, mayHaveLeft: true),
            let owner = attachment.controller.owner
        else { return }
        owner.report(
            Diagnostic(
                cause: .droppedReply,
                owner: owner.name,
                sender: gathering.sender,
                conversation: gathering.conversation,
                ignoredBy: [receiver],
                hint: "\(receiver) released the Reply it was handed without calling it, so its answer is left out; "
                    + "call the reply on every path, once (with an optional answer, reply(nil) says \"no answer\")"
            )
        )
    }
}

/// The answers of one gather, and the completion to call once they are all in.
@MainActor
final class Gathering<Answer>: PendingGather {
    /// Where one receiver's answer stands.
    private enum Slot {
        case awaited(ObjectIdentifier)
        case answered(Answer)
        /// Its receiver left before answering: not waited for, and not in the answers.
        case withdrawn
    }

    let conversation: String
    /// Whom the gather is traced as sent by, for a report about a reply dropped unanswered.
    let sender: String?
    private var slots: [Slot] = []
    /// One more than the replies outstanding while receivers are still being asked, so no early
    /// answer can complete the gathering before the last receiver was asked.
    private var outstanding = 1
    private var completion: (([Answer]) -> Void)?
    /// The owners of receivers yet to answer, which tell this gathering when one of them leaves.
    private var watchers: [WeakOwner] = []

    init(conversation: String, sender: String?, completion: @escaping ([Answer]) -> Void) {
        self.conversation = conversation
        self.sender = sender
        self.completion = completion
    }

    func expectAnswer(from receiver: AnyObject) -> Int {
        slots.append(.awaited(ObjectIdentifier(receiver)))
        outstanding += 1
        return slots.count - 1
    }

    func receive(_ answer: Answer, at position: Int) {
        guard case .awaited = slots[position] else { return }
        slots[position] = .answered(answer)
        settle()
    }

    /// Ends the asking, then waits, through their owners, for the receivers yet to answer; one
    /// that left meanwhile (it detached from inside its own question) is not waited for.
    func finishAsking(_ receivers: [any BusinessController]) {
        settle()
        guard completion != nil else { return }
        for receiver in receivers where isAwaited(ObjectIdentifier(receiver)) {
            guard let owner = receiver.owner else {
                receiverLeft(ObjectIdentifier(receiver))
                continue
            }
            guard !watchers.contains(where: { $0.owner === owner }) else { continue }
            watchers.append(WeakOwner(owner))
            owner.pendingGathers.append(self)
        }
    }

    var isSettled: Bool { completion == nil }

    var awaitedReceivers: [ObjectIdentifier] {
        slots.compactMap { if case .awaited(let receiver) = $0 { receiver } else { nil } }
    }

    func receiverLeft(_ receiver: ObjectIdentifier) {
        for position in slots.indices {
            guard case .awaited(let awaited) = slots[position], awaited == receiver else { continue }
            withdraw(at: position)
        }
    }

    /// Stops waiting for the answer at `position`, which is left out, unless it came already.
    ///
    /// - Returns: Whether it was still awaited.
    @discardableResult
    func withdraw(at position: Int) -> Bool {
        guard case .awaited = slots[position] else { return false }
        slots[position] = .withdrawn
        settle()
        return true
    }

    private func isAwaited(_ receiver: ObjectIdentifier) -> Bool {
        slots.contains { if case .awaited(let awaited) = $0 { awaited == receiver } else { false } }
    }

    private func settle() {
        outstanding -= 1
        guard outstanding == 0, let completion else { return }
        self.completion = nil
        for watcher in watchers { watcher.owner?.pendingGathers.removeAll { $0 === self } }
        watchers = []
        completion(
            slots.compactMap { slot in
                if case .answered(let answer) = slot { answer } else { nil }
            })
    }
}

/// An owner named without being kept: a gathering that is never answered must not keep the
/// owners of its receivers.
@MainActor
private struct WeakOwner {
    weak var owner: Owner?

    init(_ owner: Owner) {
        self.owner = owner
    }
}

extension CommunicationCenter {
    /// Asks every receiver a question it answers through a ``Reply``, possibly later, and calls
    /// `completion` exactly once with every answer in the owner's order.
    ///
    /// The completion runs when the last receiver answers, or at once when nobody speaks the
    /// conversation. A receiver that leaves its owner before answering (detached, or its owner
    /// torn down) is no longer waited for: its answer is left out, and one it gives later is
    /// ignored. Nor is a receiver that leaves the question to a default that calls
    /// ``notHandled(_:)``, as the relay plugin's defaults do: such a default gives no reply, so its
    /// answer is left out, and when every receiver asked did so, debug builds report the question
    /// as unhandled. A receiver that stays and keeps its reply without ever answering holds the
    /// completion back for good (so an empty default written by hand must call ``notHandled(_:)``
    /// or reply); one that releases its reply unanswered is left out, and debug builds report it
    /// (``Diagnostic/Cause/droppedReply``); one that answers twice stops the program.
    ///
    /// ```swift
    /// owner.center.gather((any StockQuery).self) { $0.fetchStock(reply: $1) } completion: { counts in
    ///     print(counts.reduce(0, +))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - conversation: The conversation protocol.
    ///   - scope: How far through nested owners the question goes.
    ///   - ask: Puts the question to a receiver, handing it the reply to answer through.
    ///   - completion: Called once with the answers, in the owner's order: one per receiver
    ///     asked, but for those that left before answering.
    /// - Returns: How many receivers were asked.
    @discardableResult
    public func gather<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation, Reply<Answer>) -> Void,
        completion: @escaping ([Answer]) -> Void
    ) -> Int {
        let gathering = Gathering(
            conversation: conversationName(of: conversation), sender: Speaker.name(of: sender), completion: completion)
        var asked: [any BusinessController] = []
        var leftToTheDefault: (method: String, isQuiet: Bool, receivers: [String])?
        dispatch(conversation, kind: .gather, scope: scope) { (receiver: Conversation) -> Void in
            // Every receiver is a controller: the tables hold nothing else.
            let controller = receiver as! any BusinessController
            asked.append(controller)
            let position = gathering.expectAnswer(from: controller)
            let reply = Reply(
                gathering: gathering, position: position, receiver: typeName(of: receiver),
                attachment: controller.owner?.attachment(ofAttached: controller))
            // A default never replies: waiting for it would hold the completion back for good. Each
            // receiver asked in a turn of its own, the one way to learn that its default ran.
            guard let run = Speaker.defaultRun(of: controller, in: { ask(receiver, reply) }), reply.withdraw()
            else { return }
            let receivers = (leftToTheDefault?.receivers ?? []) + [displayName(of: controller)]
            leftToTheDefault = (run.method, run.isQuiet, receivers)
        }
        gathering.finishAsking(asked)
        #if DEBUG
            if let leftToTheDefault, !leftToTheDefault.isQuiet, leftToTheDefault.receivers.count == asked.count {
                reportUnanswered(
                    conversation, message: leftToTheDefault.method, ignoredBy: leftToTheDefault.receivers,
                    in: switchboard)
            }
        #endif
        return asked.count
    }
}
