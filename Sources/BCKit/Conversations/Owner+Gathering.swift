/// A gather still waiting for replies, as the owners of its receivers see it: told when one of
/// them leaves, so that the gather stops waiting for it. A receiver that left gets nothing more
/// (<doc:TheDeliveryRule>), and nothing more is expected of it.
@MainActor
protocol PendingGather: AnyObject {
    /// Whether the gather has completed, and waits for nobody.
    var isSettled: Bool { get }
    /// The conversation asked, for a report naming it.
    var conversation: String { get }
    /// The receivers whose reply is still awaited.
    var awaitedReceivers: [ObjectIdentifier] { get }
    /// Stops waiting for the replies `receiver` owes; may complete the gather.
    func receiverLeft(_ receiver: ObjectIdentifier)
}

extension Owner {
    /// Each controller of this owner whose reply a gather still awaits, with the conversation it
    /// was asked: BCKitTesting reports them when a test finishes, since the tear-down ends the
    /// wait without their answer.
    /// Nested owners' controllers included: a gather waits through the owner of each receiver.
    package var repliesOwed: [(controller: any BusinessController, conversation: String)] {
        let attached = controllers
        let own = pendingGathers.filter { !$0.isSettled }.flatMap { gather in
            attached.filter { gather.awaitedReceivers.contains(ObjectIdentifier($0)) }
                .map { (controller: $0, conversation: gather.conversation) }
        }
        return own + attached.compactMap { $0 as? Owner }.flatMap(\.repliesOwed)
    }

    /// Tells each gather waiting on `controller`, which is leaving, that it left. A gather that
    /// completes runs its completion, user code that may start another gather here: the list is
    /// walked as it was, then the settled ones go.
    func withdrawReplies(owedBy controller: any BusinessController) {
        let leaving = ObjectIdentifier(controller)
        for gather in pendingGathers {
            gather.receiverLeft(leaving)
        }
        pendingGathers.removeAll { $0.isSettled }
    }
}
