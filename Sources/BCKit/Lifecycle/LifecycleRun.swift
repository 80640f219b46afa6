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
    /// The attachments present when the event started: the elements of a copy-on-write snapshot
    /// that the fan-out keeps alive for as long as the run is set (a controller detached
    /// meanwhile is freed when the run ends).
    let entries: UnsafeBufferPointer<Attachment>

    /// Whether a fan-out walks the owner's attachments underneath: set by the fan-out, and kept
    /// by a catch-up or closing delivery that interrupts it.
    let withinFanOut: Bool

    init(_ due: Due, over entries: UnsafeBufferPointer<Attachment>, withinFanOut: Bool) {
        self.due = due
        self.entries = entries
        self.withinFanOut = withinFanOut
    }

    /// The event, the states it can be delivered in and the state it leads to, decided once per
    /// event: asking ``LifecycleState/applying(_:)`` per controller cost a call each.
    struct Due {
        let event: LifecycleEvent
        let from: LifecycleState
        let alsoFrom: LifecycleState
        let to: LifecycleState
        let isTraced: Bool

        init(_ event: LifecycleEvent, isTraced: Bool) {
            (from, alsoFrom, to) = event.transition
            self.event = event
            self.isTraced = isTraced
        }

        /// Whether a controller in `state` is still due to get the event.
        func includes(_ state: LifecycleState) -> Bool {
            includes(code: state.code)
        }

        /// ``includes(_:)`` for a state's ``LifecycleState/code``.
        func includes(code: UInt8) -> Bool {
            code == from.code || code == alsoFrom.code
        }
    }
}

/// One lifecycle callback, chosen once per event: a fan-out's walk is specialized for each, so
/// a step calls the controller's method directly instead of switching on the event for every
/// controller.
///
/// A controller that leaves an appearance callback to the protocol's empty default is called for
/// it once: the default names the controller in ``reachedDefault``, the fan-out notes that in the
/// attachment (``quietFlag``) and from then on skips the call. Skipping an empty call is not only
/// fewer instructions: a fan-out over controllers of several types calls one site with several
/// targets, and when two of those targets lie close together in the binary (a small type's
/// default witnesses sit next to a neighbour's) the processor mispredicted every call, about 8 ns
/// each (an appearance cycle of 1,000 alternating listeners and bystanders: 11.6 ns per
/// controller-event in such a layout, 3.2 ns in another; skipping the defaults, 2.9 ns; Benchmarks,
/// `--filter lifecycle`).
@MainActor
protocol LifecycleCallback {
    static func deliver(_ event: LifecycleEvent, to controller: any BusinessController)
    /// The bit of ``Attachment/lifecycle`` that says the controller's callback is the empty
    /// default; `0` for a callback the fan-out never skips.
    static var quietFlag: UInt8 { get }
    /// The controller whose default callback ran last since the fan-out cleared it.
    static var reachedDefault: ObjectIdentifier? { get set }
}

extension LifecycleRun {
    enum DidLoad: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidLoad() }
        static var quietFlag: UInt8 { 0 }
        static var reachedDefault: ObjectIdentifier?
    }

    enum WillAppear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerWillAppear() }
        static var quietFlag: UInt8 { 0x08 }
        static var reachedDefault: ObjectIdentifier?
    }

    enum DidAppear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidAppear() }
        static var quietFlag: UInt8 { 0x10 }
        static var reachedDefault: ObjectIdentifier?
    }

    enum WillDisappear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) {
            controller.ownerWillDisappear()
        }
        static var quietFlag: UInt8 { 0x20 }
        static var reachedDefault: ObjectIdentifier?
    }

    /// The event's callback, whichever it is: for the one-controller deliveries.
    enum AnyEvent: LifecycleCallback {
        static func deliver(_ event: LifecycleEvent, to controller: any BusinessController) {
            controller.receive(event)
        }
        static var quietFlag: UInt8 { 0 }
        static var reachedDefault: ObjectIdentifier?
    }

    enum DidDisappear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidDisappear() }
        static var quietFlag: UInt8 { 0x40 }
        static var reachedDefault: ObjectIdentifier?
    }
}

/// What a traced lifecycle delivery reports: when it started and whom it reached.
///
/// Kept out of ``LifecycleRun``, so the run is plain data: storing a run with a reference in it
/// cost an outlined copy and destroy per event even when nothing was traced.
@MainActor
final class LifecycleTrace {
    let start = ContinuousClock.now
    var reached: [Attachment] = []

    /// The traces of the traced deliveries running, innermost last; only traced deliveries
    /// touch it.
    static var running: [LifecycleTrace] = []
}
