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

/// The careful path's observer: moves a running up event forward to a receiver that lags its owner
/// (DESIGN 13), and, while tracing, records who was reached, names the receiver as the speaker of
/// what it sends, and notes receivers whose default implementation ran.
struct CarefulObserver: DeliveryObserver {
    let isTraced: Bool
    private(set) var reached: [Attachment] = []
    private(set) var defaulted: [DefaultedDelivery] = []

    init(isTraced: Bool) {
        self.isTraced = isTraced
    }

    mutating func willDeliver(to attachment: Attachment) -> Bool {
        if let owner = attachment.controller.owner, owner.switchboard.isRunningUp {
            owner.bringForward(attachment)
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

/// The one delivery loop: walks `entries` by the ``Delivery`` rule and calls `body` on each
/// receiver until it returns `false`.
///
/// - Returns: How many receivers got the message.
@inlinable
@inline(__always)
@MainActor
func walk<Conversation, Observer: DeliveryObserver>(
    _ entries: UnsafeBufferPointer<Entry<Conversation>>,
    observer: inout Observer,
    _ body: (Conversation) -> Bool
) -> Int {
    var delivery = Delivery(count: entries.count)
    var delivered = 0
    while let position = delivery.next(in: entries) {
        guard observer.willDeliver(to: entries[position].attachment) else { continue }
        delivered &+= 1
        let goesOn = body(entries[position].receiver)
        observer.didDeliver(to: entries[position].attachment)
        if !goesOn { break }
    }
    return delivered
}
