/// One lifecycle event on its way through an owner's controllers.
///
/// The owner keeps the running event (``LifecycleDelivery/run``, in ``Owner/delivering``), so that a message reaching a controller
/// that has not had an up event yet can move the fan-out forward (``Owner/bringForward(_:)``):
/// controllers that had the event are no longer due, so the fan-out passes over them, and each
/// controller still gets the event once, in order.
@MainActor
struct LifecycleRun {
    /// What each step needs, in a few bytes.
    let due: Due

    /// The event of the fan-out walking the owner's attachments underneath, if any: this run's
    /// own for a fan-out, the interrupted fan-out's for a catch-up or closing delivery to one
    /// controller. A message moves that fan-out forward (``Owner/bringForward(_:)``), also from
    /// inside such a delivery, so no controller hears one while it lags its owner.
    let fanOut: Due?

    /// How far moving the fan-out forward went: every attachment before it had the event, is not
    /// due or left. Only a hint, which spares walking those again.
    var forwarded = 0

    /// Whether a fan-out walks the owner's attachments underneath.
    var withinFanOut: Bool { fanOut != nil }

    /// A fan-out's run.
    init(fanningOut due: Due) {
        self.due = due
        self.fanOut = due
    }

    /// The run of a delivery to one controller, which sets `interrupted` aside.
    init(settingAside interrupted: LifecycleRun?, for due: Due) {
        self.due = due
        self.fanOut = interrupted?.fanOut
    }

    /// The event, the states it can be delivered in and the state it leads to, decided once per
    /// event: asking ``LifecycleState/applying(_:)`` per controller cost a call each.
    struct Due {
        let event: LifecycleEvent
        /// The ``LifecycleState/code``s of the states the event goes from, a bit each: one test
        /// per controller, where comparing with both states cost each step of a fan-out about 6
        /// instructions more (screen-kit: 115,554 -> 114,892 Ir per session).
        let fromCodes: UInt8
        let to: LifecycleState
        let isTraced: Bool

        init(_ event: LifecycleEvent, isTraced: Bool) {
            let (from, alsoFrom, to) = event.transition
            fromCodes = 1 << from.code | 1 << alsoFrom.code
            self.to = to
            self.event = event
            self.isTraced = isTraced
        }

        /// Whether a controller in `state` is still due to get the event.
        func includes(_ state: LifecycleState) -> Bool {
            includes(code: state.code)
        }

        /// ``includes(_:)`` for a state's ``LifecycleState/code``.
        func includes(code: UInt8) -> Bool {
            fromCodes & 1 << code != 0
        }
    }
}

/// One lifecycle callback, chosen once per event: a fan-out's walk is specialized for each, so
/// a step calls the controller's method directly instead of switching on the event for every
/// controller.
///
/// A controller that leaves an appearance callback to the protocol's empty default is called for
/// it once: the default records that its type leaves it there (``ConformanceMemo``, a fact about
/// the type), the fan-out notes that in the attachment (``quietFlag``) and from then on skips the
/// call. Skipping an empty call is not only fewer instructions: a fan-out over controllers of
/// several types calls one site with several targets, and when two of those targets lie close
/// together in the binary (a small type's default witnesses sit next to a neighbour's) the
/// processor mispredicted every call, about 8 ns each (an appearance cycle of 1,000 alternating
/// listeners and bystanders: 11.6 ns per controller-event in such a layout, 3.2 ns in another;
/// skipping the defaults, 2.9 ns; Benchmarks, `--filter lifecycle`).
@MainActor
protocol LifecycleCallback {
    static func deliver(_ event: LifecycleEvent, to controller: any BusinessController)
    /// The bit of ``Attachment/lifecycle`` that says the controller's callback is the empty
    /// default; `0` for a callback the fan-out never skips.
    static var quietFlag: UInt8 { get }
}

extension LifecycleEvent {
    /// The event's callback: the one map from events to callbacks.
    @inline(__always)
    var callback: any LifecycleCallback.Type {
        switch self {
        case .didLoad: LifecycleRun.DidLoad.self
        case .willAppear: LifecycleRun.WillAppear.self
        case .didAppear: LifecycleRun.DidAppear.self
        case .willDisappear: LifecycleRun.WillDisappear.self
        case .didDisappear: LifecycleRun.DidDisappear.self
        }
    }
}

extension LifecycleRun {
    enum DidLoad: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidLoad() }
        static var quietFlag: UInt8 { 0 }
    }

    enum WillAppear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerWillAppear() }
        static var quietFlag: UInt8 { 0x08 }
    }

    enum DidAppear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidAppear() }
        static var quietFlag: UInt8 { 0x10 }
    }

    enum WillDisappear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) {
            controller.ownerWillDisappear()
        }
        static var quietFlag: UInt8 { 0x20 }
    }

    enum DidDisappear: LifecycleCallback {
        static func deliver(_: LifecycleEvent, to controller: any BusinessController) { controller.ownerDidDisappear() }
        static var quietFlag: UInt8 { 0x40 }
    }

    /// The event's callback, whichever it is: for the one-controller deliveries.
    enum AnyEvent: LifecycleCallback {
        static func deliver(_ event: LifecycleEvent, to controller: any BusinessController) {
            event.callback.deliver(event, to: controller)
        }
        static var quietFlag: UInt8 { 0 }
    }
}
