/// What a dispatch does around each receiver besides calling it.
///
/// The delivery loop, ``Delivery/walk(_:departures:observer:_:)``, is written once, generic over
/// its observer, and compiled for each: with ``Unobserved``, whose methods are empty, for the
/// common untraced send and the lifecycle walks (whose steps trace themselves), so that loop pays
/// no instruction for tracing or catch-up; with ``CarefulObserver`` for the other conversations;
/// with ``BringingForward`` to move a lifecycle fan-out forward.
@MainActor
@usableFromInline
protocol DeliveryObserver {
    /// Whether the walk stops before its next receiver: an owner detached from inside its own
    /// delivery stops it.
    var stopsWalk: Bool { get }
    /// Called before a receiver gets the message; `false` skips it (it left meanwhile).
    mutating func willDeliver(to attachment: Attachment) -> Bool
    /// Makes the call that delivers to the receiver at `position`, and returns what it returns.
    ///
    /// Handed the snapshot and a position rather than the attachment, so that an observer that
    /// does not look at it loads nothing: an attachment passed in was retained around every call.
    mutating func deliver<Receivers: RandomAccessCollection>(
        _ receivers: Receivers, at position: Int, _ call: () -> Bool
    )
        -> Bool
    where Receivers.Element: Deliverable, Receivers.Index == Int
}

/// Observes nothing: the fast path's observer.
@frozen
@usableFromInline
struct Unobserved: DeliveryObserver {
    @inlinable
    init() {}

    @inlinable
    @inline(__always)
    var stopsWalk: Bool { false }

    @inlinable
    @inline(__always)
    func willDeliver(to attachment: Attachment) -> Bool { true }

    @inlinable
    @inline(__always)
    func deliver<Receivers: RandomAccessCollection>(_ receivers: Receivers, at position: Int, _ call: () -> Bool)
        -> Bool
    where Receivers.Element: Deliverable, Receivers.Index == Int { call() }
}

/// The careful path's observer: moves running up events forward to a receiver that lags its owner,
/// or, for a broadcast, whose owner lags one it is nested in below the broadcast's origin
/// (DESIGN 13), and calls each receiver through ``Delivery/visit(_:in:_:)`` as `observing` says.
struct CarefulObserver: DeliveryObserver {
    let observing: Observing
    /// The owner a `.broadcastDown` was sent through, whose nested owners its receivers may be in;
    /// `nil` for the other scopes, whose receivers' owners nest no deeper than the origin.
    let broadcastOrigin: Owner?

    init(_ observing: Observing, broadcastOrigin: Owner? = nil) {
        self.observing = observing
        self.broadcastOrigin = broadcastOrigin
    }

    var stopsWalk: Bool { false }

    mutating func willDeliver(to attachment: Attachment) -> Bool {
        if let owner = attachment.controller.owner,
            owner.switchboard.isRunningUp || (broadcastOrigin != nil && owner !== broadcastOrigin)
        {
            owner.bringInStep(attachment, below: broadcastOrigin)
            if Delivery.hasLeft(attachment, mayHaveLeft: true) { return false }
            // An owner detached from inside its own up fan-out stops it, and tears down once it
            // unwinds: a receiver it could no longer bring forward would hear the message behind
            // its owner's state, so it hears nothing more, as a controller that left.
            if owner.ending.stopsDelivery, owner.lagsRunningUpEvent(attachment) { return false }
        }
        return true
    }

    mutating func deliver<Receivers: RandomAccessCollection>(
        _ receivers: Receivers, at position: Int, _ call: () -> Bool
    )
        -> Bool
    where Receivers.Element: Deliverable, Receivers.Index == Int {
        Delivery.visit(receivers[position].attachment, in: observing, call)
    }
}

/// The observer of a walk that moves a running up event forward (DESIGN 13): it stops once
/// `target` has had the event, has left, or its owner was detached from inside the delivery.
struct BringingForward: DeliveryObserver {
    let owner: Owner
    let target: Attachment
    let due: LifecycleRun.Due

    var stopsWalk: Bool {
        owner.ending.stopsDelivery || Delivery.hasLeft(target, mayHaveLeft: true) || !due.includes(target.state)
    }

    func willDeliver(to attachment: Attachment) -> Bool { true }

    func deliver<Receivers: RandomAccessCollection>(_ receivers: Receivers, at position: Int, _ call: () -> Bool)
        -> Bool
    where Receivers.Element: Deliverable, Receivers.Index == Int { call() }
}
