/// One lifecycle event on its way through an owner's controllers.
///
/// The walk lives here rather than in a local loop so that a message reaching a controller that
/// has not had an up event yet can move the walk forward (``Owner/bringForward(_:)``); the loop
/// then carries on from where that left it, so each controller still gets the event once, in
/// order.
@MainActor
final class LifecycleRun {
    let event: LifecycleEvent
    /// The attachments present when the event started: a copy-on-write snapshot, so that a
    /// controller detached meanwhile is freed when the run ends.
    private let snapshot: ContiguousArray<Attachment>
    @exclusivity(unchecked)
    private var delivery: Delivery
    /// Set when the owner is detached from its parent during the run: nobody else gets the event.
    @exclusivity(unchecked)
    var isCancelled = false

    /// While tracing: when the run started and whom it reached.
    let start: ContinuousClock.Instant?
    var reached: [Attachment] = []

    var isTraced: Bool { start != nil }

    init(_ event: LifecycleEvent, over attachments: ContiguousArray<Attachment>, isTraced: Bool) {
        self.event = event
        self.snapshot = attachments
        self.delivery = Delivery(count: attachments.count, reversed: !event.isUp)
        self.start = isTraced ? ContinuousClock.now : nil
    }

    /// The next controller to get the event, by the ``Delivery`` rule.
    func next() -> Attachment? {
        guard !isCancelled, let position = delivery.next(in: snapshot) else { return nil }
        return snapshot[position]
    }
}
