/// A gather still waiting for replies, as the owners of its receivers see it: told when one of
/// them leaves, so that the gather stops waiting for it. A receiver that left gets nothing more
/// (<doc:TheDeliveryRule>), and nothing more is expected of it.
@MainActor
protocol PendingGather: AnyObject {
    /// Whether the gather has completed, and waits for nobody.
    var isSettled: Bool { get }
    /// Stops waiting for the replies `receiver` owes; may complete the gather.
    func receiverLeft(_ receiver: ObjectIdentifier)
}

extension Owner {
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
