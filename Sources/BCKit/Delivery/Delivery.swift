/// The one delivery rule, which every dispatch of the kit walks: conversations (sync and async,
/// every scope, traced or not) and lifecycle fan-outs alike.
///
/// > A dispatch reaches the receivers present when it started, in order, each at most once,
/// > minus those detached while it runs.
///
/// "Present when it started" is the snapshot the dispatch walks: a receiver attached later is not
/// in it. "At most once" is the walk itself: the position only moves forward. "Minus those
/// detached" is the check below: a controller detached from its owner, or moved to another owner
/// (which gives it a new ``Attachment``), has a detached attachment in the snapshot and is
/// skipped. For a scoped send the snapshot holds the receivers of every owner in the scope, so
/// the same three facts hold across the whole scope.
///
/// The test is ``hasLeft(_:mayHaveLeft:)``, and it is the only one: the send loop, the careful
/// and async walks and the lifecycle fan-out all skip a receiver exactly when it says so. A
/// receiver leaves a table only while its owner's switchboard parks that table's memory (a
/// dispatch is running), so the send fast path reads a receiver's own flag only once its
/// switchboard parked something during the running dispatches (it rarely does): one comparison
/// with a constant per receiver instead of two dependent loads. Walks over several owners read
/// every flag.
@frozen
@usableFromInline
struct Delivery {
    @usableFromInline
    var position: Int
    @usableFromInline
    let end: Int
    @usableFromInline
    let step: Int

    /// A walk over `count` receivers, first to last, or last to first for the down events.
    @inlinable
    init(count: Int, reversed: Bool = false) {
        position = reversed ? count &- 1 : 0
        end = reversed ? -1 : count
        step = reversed ? -1 : 1
    }

    /// Whether a receiver in the walk's snapshot has left (been detached, or moved to another
    /// owner, which gives it a new attachment) since the walk started.
    ///
    /// - Parameters:
    ///   - mayHaveLeft: `false` when no receiver of the snapshot can have left, which spares
    ///     reading the attachment.
    @inlinable
    @inline(__always)
    @MainActor
    static func hasLeft(_ attachment: Attachment, mayHaveLeft: Bool) -> Bool {
        mayHaveLeft && !attachment.isAttached
    }

    /// The position of the next receiver that has not left, or `nil` once the walk is over.
    @inlinable
    @inline(__always)
    @MainActor
    mutating func next<Receivers: RandomAccessCollection>(in receivers: Receivers) -> Int?
    where Receivers.Element: Deliverable, Receivers.Index == Int {
        while position != end {
            let current = position
            position &+= step
            if !Self.hasLeft(receivers[current].attachment, mayHaveLeft: true) { return current }
        }
        return nil
    }
}

/// Something a ``Delivery`` walks over: it knows the attachment it delivers to.
@MainActor
@usableFromInline
protocol Deliverable {
    var attachment: Attachment { get }
}

extension Attachment: Deliverable {
    @inlinable
    var attachment: Attachment { self }
}
