/// What a dispatch does around each receiver besides calling it.
///
/// The delivery loop is written once, generic over its observer, and compiled twice: with
/// ``Unobserved``, whose methods are empty, for the common untraced send, so that loop pays no
/// instruction for tracing or catch-up; and with ``CarefulObserver`` for everything else.
@MainActor
@usableFromInline
protocol DeliveryObserver {
    /// Called before a receiver gets the message; `false` skips it (it left meanwhile).
    mutating func willDeliver(to attachment: Attachment) -> Bool
    /// Called after the receiver got the message.
    mutating func didDeliver(to attachment: Attachment)
}

/// Observes nothing: the fast path's observer.
@frozen
@usableFromInline
struct Unobserved: DeliveryObserver {
    @inlinable
    init() {}

    @inlinable
    @inline(__always)
    func willDeliver(to attachment: Attachment) -> Bool { true }

    @inlinable
    @inline(__always)
    func didDeliver(to attachment: Attachment) {}
}

/// The careful path's observer: moves running up events forward to a receiver that lags its owner,
/// or, for a broadcast, whose owner lags one it is nested in below the broadcast's origin
/// (DESIGN 13), and, while tracing, records who was reached, names the receiver as the speaker of
/// what it sends, and notes receivers whose default implementation ran.
struct CarefulObserver: DeliveryObserver {
    let isTraced: Bool
    /// The owner a `.broadcastDown` was sent through, whose nested owners its receivers may be in;
    /// `nil` for the other scopes, whose receivers' owners nest no deeper than the origin.
    let broadcastOrigin: Owner?
    private(set) var reached: [Attachment] = []
    private(set) var defaulted: [DefaultedDelivery] = []

    init(isTraced: Bool, broadcastOrigin: Owner? = nil) {
        self.isTraced = isTraced
        self.broadcastOrigin = broadcastOrigin
    }

    mutating func willDeliver(to attachment: Attachment) -> Bool {
        if let owner = attachment.controller.owner,
            owner.switchboard.isRunningUp || (broadcastOrigin != nil && owner !== broadcastOrigin)
        {
            owner.bringInStep(attachment, below: broadcastOrigin)
            guard attachment.isAttached else { return false }
        }
        if isTraced {
            reached.append(attachment)
            Speaker.enter(attachment.controller)
        }
        return true
    }

    mutating func didDeliver(to attachment: Attachment) {
        guard isTraced else { return }
        if let method = Speaker.leave() {
            defaulted.append(DefaultedDelivery(receiver: attachment.name, method: method))
        }
    }
}

/// The one delivery loop: walks `entries` in order by the ``Delivery`` rule and calls `body` on
/// each receiver until it returns `false`.
///
/// - Parameters:
///   - switchboard: The switchboard whose table `entries` is, whose parked memory tells whether a
///     receiver may have left (see ``Delivery``); `nil` for a snapshot of several owners, whose
///     every flag is read.
/// - Returns: How many receivers got the message.
@inlinable
@inline(__always)
@MainActor
func walk<Conversation, Observer: DeliveryObserver>(
    _ entries: UnsafeBufferPointer<Entry<Conversation>>,
    in switchboard: Switchboard?,
    observer: inout Observer,
    _ body: (Conversation) -> Bool
) -> Int {
    // Counting down from every receiver as some are skipped, rather than up as each is reached,
    // saves an instruction per receiver; keeping that one count, rather than the skipped and
    // the total, saves four per dispatch (173 -> 169 Ir for a send to ten controllers).
    var reached = entries.count
    for position in 0..<entries.count {
        if Delivery.hasLeft(entries[position].attachment, mayHaveLeft: switchboard?.hasParked ?? true)
            || !observer.willDeliver(to: entries[position].attachment)
        {
            reached &-= 1
            continue
        }
        let goesOn = body(entries[position].receiver)
        observer.didDeliver(to: entries[position].attachment)
        if !goesOn { return reached &- (entries.count &- position &- 1) }
    }
    return reached
}
