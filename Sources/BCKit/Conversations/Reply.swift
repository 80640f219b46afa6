/// A receiver's way to answer a ``CommunicationCenter/gather(_:scope:_:completion:)`` question,
/// now or later. Call it exactly once.
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
    private var answered = false

    init(gathering: Gathering<Answer>, position: Int, receiver: String) {
        self.gathering = gathering
        self.position = position
        self.receiver = receiver
    }

    /// Answers the question.
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
        gathering.receive(answer, at: position)
    }
}

/// The answers of one gather, and the completion to call once they are all in.
@MainActor
final class Gathering<Answer> {
    let conversation: String
    private var answers: [Answer?] = []
    /// One more than the replies outstanding while receivers are still being asked, so no early
    /// answer can complete the gathering before the last receiver was asked.
    private var outstanding = 1
    private var completion: (([Answer]) -> Void)?

    init(conversation: String, completion: @escaping ([Answer]) -> Void) {
        self.conversation = conversation
        self.completion = completion
    }

    func expectAnswer() -> Int {
        answers.append(nil)
        outstanding += 1
        return answers.count - 1
    }

    func receive(_ answer: Answer, at position: Int) {
        answers[position] = answer
        settle()
    }

    func finishAsking() {
        settle()
    }

    private func settle() {
        outstanding -= 1
        guard outstanding == 0, let completion else { return }
        self.completion = nil
        completion(answers.map { $0! })
    }
}

extension CommunicationCenter {
    /// Asks every receiver a question it answers through a ``Reply``, possibly later, and calls
    /// `completion` exactly once with every answer in the owner's order.
    ///
    /// The completion runs when the last receiver answers, or at once when nobody speaks the
    /// conversation. A receiver that never answers holds the completion back for good; one that
    /// answers twice stops the program. So give a gathered method no empty default in the
    /// protocol extension (or a default that replies), or a conforming controller that forgets it
    /// would silently hold every completion back.
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
    ///   - completion: Called once with all the answers.
    /// - Returns: How many receivers were asked.
    @discardableResult
    public func gather<Conversation, Answer>(
        _ conversation: Conversation.Type,
        scope: Scope = .local,
        _ ask: (Conversation, Reply<Answer>) -> Void,
        completion: @escaping ([Answer]) -> Void
    ) -> Int {
        let gathering = Gathering(conversation: conversationName(of: conversation), completion: completion)
        let asked = dispatch(conversation, kind: .gather, scope: scope) { receiver in
            let position = gathering.expectAnswer()
            ask(receiver, Reply(gathering: gathering, position: position, receiver: typeName(of: receiver)))
        }
        gathering.finishAsking()
        return asked
    }
}
