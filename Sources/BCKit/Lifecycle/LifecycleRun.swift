/// One lifecycle event on its way through an owner's controllers.
///
/// The owner keeps the running event (``Owner/run``) and its walk (``Owner/runWalk``) rather
/// than a local loop, so that a message reaching a controller that has not had an up event yet
/// can move the walk forward (``Owner/bringForward(_:)``); the loop then carries on from where
/// that left it, so each controller still gets the event once, in order.
@MainActor
struct LifecycleRun {
    /// What each step needs, in a few bytes.
    let due: Due
    /// The attachments present when the event started: a copy-on-write snapshot, so that a
    /// controller detached meanwhile is freed when the run ends.
    let snapshot: ContiguousArray<Attachment>
    /// Whom the run reached and since when, only while a tracer watches.
    let trace: LifecycleTrace?

    init(_ event: LifecycleEvent, over attachments: ContiguousArray<Attachment>, isTraced: Bool) {
        let (from, alsoFrom, to) = event.transition
        self.due = Due(event: event, from: from, alsoFrom: alsoFrom, to: to, isTraced: isTraced)
        self.snapshot = attachments
        self.trace = isTraced ? LifecycleTrace() : nil
    }

    /// A walk over the snapshot, in the event's direction.
    var walk: Delivery {
        Delivery(count: snapshot.count, reversed: !due.event.isUp)
    }

    var event: LifecycleEvent { due.event }

    /// The event, the states it can be delivered in and the state it leads to, decided once per
    /// event: asking ``LifecycleState/applying(_:)`` per controller cost a call each.
    struct Due {
        let event: LifecycleEvent
        let from: LifecycleState
        let alsoFrom: LifecycleState
        let to: LifecycleState
        let isTraced: Bool

        /// Whether a controller in `state` is still due to get the event.
        func includes(_ state: LifecycleState) -> Bool {
            state == from || state == alsoFrom
        }
    }
}

/// What a traced lifecycle delivery reports: when it started and whom it reached.
@MainActor
final class LifecycleTrace {
    let start = ContinuousClock.now
    var reached: [Attachment] = []
}
