/// An owner's attachments in its order: the collection every walk over the owner's controllers
/// reads, and the one place that knows how detaching the first controller, and a tear-down's
/// detaching the last, are made cheap.
///
/// Detaching the first controller empties its slot instead of moving every later attachment down
/// (about 0.75 instruction per byte moved, under callgrind: 90,000 per detach at 20,000
/// controllers). The emptied slots stay at the front of the storage, `nil`, outside the
/// collection's positions, and are closed up once they are half of the storage: each move then
/// pays for a detach that moved nothing. A controller first in the order takes the last emptied
/// slot back. So a walk never sees an emptied slot: positions count from the first attachment,
/// as in an array, and a walk's snapshot (a copy of this value) keeps the slots it started with.
///
/// Slots are emptied only this way, so a `nil` inside the positions is a bug of this type: reading
/// one stops the program with a message saying so, rather than skipping a receiver unnoticed.
///
/// The optional slots cost every read an offset, a bounds check and a `nil` check, about 4
/// instructions per controller and event, where the placeholder attachment they replace cost
/// none: an appearance cycle of ten controllers 1,973 -> 2,187 Ir, a screen session 115,411 ->
/// 116,988 (Benchmarks/callgrind.sh lifecycle-kit, screen-kit).
@usableFromInline
struct AttachmentOrder {
    /// The storage: emptied slots first, then the attachments in order, then the slots a
    /// tear-down let go of.
    @usableFromInline
    var slots: ContiguousArray<Attachment?> = []
    /// How many slots at the front of ``slots`` are emptied.
    @usableFromInline
    var emptied = 0
    /// How many slots at the end of ``slots`` hold attachments a tear-down took out without
    /// touching the storage (see ``letGoOfLast()``).
    @usableFromInline
    var letGo = 0

    init() {}

    /// Room for this many attachments without growing the storage.
    var capacity: Int { slots.capacity - emptied - letGo }

    /// Makes room for `count` attachments in all.
    mutating func reserveCapacity(_ count: Int) {
        slots.reserveCapacity(count + emptied + letGo)
    }

    /// Adds `attachment` last.
    mutating func append(_ attachment: Attachment) {
        if letGo > 0 { dropLetGo() }
        slots.append(attachment)
    }

    /// Puts `attachment` at `position`; first in the order, it takes the last emptied slot if
    /// there is one, moving nothing.
    mutating func insert(_ attachment: Attachment, at position: Int) {
        if position == 0, emptied > 0 {
            emptied -= 1
            slots[emptied] = attachment
        } else {
            slots.insert(attachment, at: emptied + position)
        }
    }

    /// Takes out the first attachment by emptying its slot, and closes the emptied slots up once
    /// they are half of the storage.
    private mutating func removeFirst() {
        slots[emptied] = nil
        emptied += 1
        if emptied * 2 >= slots.count {
            slots.removeFirst(emptied)
            emptied = 0
        }
    }

    /// Takes out the last attachment; the storage goes when only emptied slots are left.
    private mutating func removeLast() {
        if letGo > 0 { dropLetGo() }
        slots.removeLast()
        if slots.count == emptied {
            slots.removeAll()
            emptied = 0
        }
    }

    /// Takes out the last attachment without touching the storage, which keeps it until an append,
    /// a removal of the last or of the departed, or ``dropLetGo()`` drops it. The tear-down's way:
    /// its walk holds a copy of this order, sharing the storage, and keeps every attachment until
    /// it ends anyway. Removed from the storage, the first one copied it, retaining every
    /// attachment again: a tear-down
    /// cost 490.5 instead of 332.3 Ir per controller at 20, a screen session 117,550 instead of
    /// 114,690 (Benchmarks/callgrind.sh scale-tear-down, screen-kit), and by time 4.76x instead
    /// of 4.35x hand-wired (the Benchmarks' screen session row, medians of five interleaved runs
    /// on a machine busy with a build).
    mutating func letGoOfLast() {
        letGo += 1
    }

    /// Drops the slots let go of at the end, with the storage when no attachment is left.
    mutating func dropLetGo() {
        if endIndex == 0 {
            slots = []
            emptied = 0
        } else {
            slots.removeLast(letGo)
        }
        letGo = 0
    }

    /// Takes out `attachment`, if it is here. The last one and the first one go without a search
    /// and move nothing: a tear-down lets go of the last each time, a forward detach takes out the
    /// first (a search's comparisons read the checked `sequence` of about ten attachments, a third
    /// of a 20-controller tear-down). Any other is found by its place in the order.
    ///
    /// `keepingStorage`: the last one is let go of (``letGoOfLast()``) rather than removed from
    /// the storage; a tear-down's.
    @MainActor
    mutating func remove(_ attachment: Attachment, keepingStorage: Bool = false) {
        if let last, last === attachment {
            if keepingStorage { letGoOfLast() } else { removeLast() }
        } else if let first, first === attachment {
            removeFirst()
        } else {
            let position = partitioningIndex { !$0.precedes(attachment) }
            if position < count, self[position] === attachment { slots.remove(at: emptied + position) }
        }
    }

    /// Takes out every attachment marked as left, in one pass, the others keeping their order;
    /// the emptied slots and those let go of go too.
    ///
    /// The staying ones are copied forward and the rest dropped one by one, or with the storage
    /// when none stays: swapping optional slots and removing several at once went through the
    /// standard library's generic code, a value witness call per slot (a batch detach at 20
    /// controllers, Benchmarks/callgrind.sh scale-batch-detach: 937 Ir per controller that way,
    /// 901 this way, when it was written).
    @MainActor
    mutating func removeDeparted() {
        var kept = 0
        // Each read where it is tested, as the subscript reads: bound to a constant, every
        // attachment was retained and released (a batch detach at 20 controllers, 765 -> 716 Ir
        // per controller; Benchmarks/callgrind.sh scale-batch-detach).
        for position in indices where !Delivery.hasLeft(self[position], mayHaveLeft: true) {
            if emptied + position != kept { slots[kept] = slots[emptied + position] }
            kept += 1
        }
        if kept == 0 {
            slots = []
        } else {
            while slots.count > kept { slots.removeLast() }
        }
        emptied = 0
        letGo = 0
    }
}

extension AttachmentOrder: RandomAccessCollection {
    @usableFromInline
    typealias Indices = Range<Int>

    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    var endIndex: Int { slots.count &- emptied &- letGo }

    @inlinable
    func index(after position: Int) -> Int { position &+ 1 }

    @inlinable
    func index(before position: Int) -> Int { position &- 1 }

    /// The attachment at `position`, counted from the first attachment.
    ///
    /// Unwrapped by `??` with a call that stops the program: a `guard let` binding copies the
    /// attachment, which a walk then retains and releases around every step that calls a
    /// controller, where `??` hands it on borrowed as an array's element is.
    @inlinable
    subscript(position: Int) -> Attachment {
        slots[emptied &+ position] ?? Self.emptiedSlotRead()
    }

    /// Stops the program: a slot inside the positions is never emptied, so reading one is a bug
    /// of the kit, not of its user.
    @inlinable
    @inline(__always)
    static func emptiedSlotRead() -> Attachment {
        fatalError("BCKit: an emptied slot of an owner's order was read as an attachment (a bug of BCKit)")
    }
}

extension AttachmentOrder: ExpressibleByArrayLiteral {
    /// Appended one by one: converting the array of attachments to one of optional slots casts
    /// it, which an empty literal paid on every owner made.
    @usableFromInline
    init(arrayLiteral attachments: Attachment...) {
        for attachment in attachments { slots.append(attachment) }
    }
}
