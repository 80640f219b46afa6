/// What the switchboard asks of every dispatch table, whatever its conversation: keeping it up
/// to date as controllers come and go, and naming it.
@usableFromInline
protocol AnyDispatchTable: AnyObject {
    /// The conversation's identity: the table's key in its switchboard's index.
    var key: ObjectIdentifier { get }

    /// The conversation's name, as traces and descriptions print it.
    var name: String { get }

    /// The receivers' attachments, in order.
    var receivers: [Attachment] { get }

    /// Adds the attachment if its controller speaks this conversation.
    ///
    /// - Parameter switchboard: The table's, which parks the memory a running dispatch may still
    ///   be reading and indexes the table that replaces it.
    @MainActor
    func insert(_ attachment: Attachment, parkingIn switchboard: Switchboard)

    /// Removes the attachment if it is a receiver.
    @MainActor
    func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard)

    /// Removes every receiver whose controller has left, in one pass: a batch detach.
    @MainActor
    func removeDeparted(parkingIn switchboard: Switchboard)
}

/// One receiver: the controller already cast to the conversation, and its attachment.
@MainActor
@frozen
@usableFromInline
struct Entry<Conversation>: Deliverable {
    @usableFromInline
    let receiver: Conversation
    @usableFromInline
    let attachment: Attachment

    @inlinable
    init(receiver: Conversation, attachment: Attachment) {
        self.receiver = receiver
        self.attachment = attachment
    }
}

/// How many entries a ``DispatchTable`` holds, where they start and how many it has room for.
@frozen
@usableFromInline
struct EntryCounts {
    @usableFromInline
    var count: Int
    @usableFromInline
    let capacity: Int
    /// The slot of the first entry: the slots before it were freed by removals at the front,
    /// which move nothing (detaching in attach order would otherwise move every entry).
    @usableFromInline
    var start: Int

    @inlinable
    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
        start = 0
    }
}

/// A dispatch table's header: its counts, its conversation and its code for attaches and
/// detaches.
@frozen
@usableFromInline
struct TableHeader {
    @usableFromInline
    var counts: EntryCounts
    @usableFromInline
    let key: ObjectIdentifier
    /// Makes a change to the table's receivers: the table's code, specialized for its
    /// conversation where the table was built (``DispatchTable/make(capacity:)``). Reached
    /// through ``AnyDispatchTable``, the generic methods ran unspecialized: they looked up the
    /// entries' metadata several times per call and cast through the runtime's generic path,
    /// about 4,000 instructions per table on every attach (Benchmarks/callgrind.sh
    /// scale-single-attach), and a metadata lookup per receiver on a batch detach (909 instead
    /// of 765 Ir per controller at 20, scale-batch-detach).
    @usableFromInline
    let update: @MainActor (AnyObject, TableChange, Switchboard) -> Void

    @inlinable
    init(
        counts: EntryCounts,
        key: ObjectIdentifier,
        update: @escaping @MainActor (AnyObject, TableChange, Switchboard) -> Void
    ) {
        self.counts = counts
        self.key = key
        self.update = update
    }
}

/// A change to a table's receivers, which the table's own code (``TableHeader/update``) makes.
@usableFromInline
enum TableChange {
    /// The attachment joins, if its controller speaks the conversation.
    case inserting(Attachment)
    /// The attachment leaves.
    case removing(Attachment)
    /// Every attachment marked as left leaves, in one pass: a batch detach.
    case removingDeparted
}

/// The receivers of the conversation `Conversation` in one owner, already cast to it, in the
/// owner's order: one object, its entries in the same allocation as its counts.
///
/// Built in one pass on the first dispatch of a conversation, casting each controller once, then
/// kept up to date on every attach and detach, so a send never casts.
///
/// The memory under a running dispatch never changes and never goes away: while one runs, an
/// attach or a detach makes a new table, which replaces this one in the switchboard's index, and
/// this one is parked in the switchboard until its outermost dispatch returns. Every access to
/// the entries goes through ``ManagedBuffer/withEntries(_:)``, inside which the pointers live.
///
/// Nonisolated, so the closures it hands the standard library get no main-actor executor check.
// measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
@usableFromInline
final class DispatchTable<Conversation>: ManagedBuffer<TableHeader, Entry<Conversation>>, AnyDispatchTable {
    /// An empty table with room for `capacity` entries, at least 4 so a few attaches fit.
    ///
    /// Inlinable, so its update closure is formed in the caller's specialized build: formed
    /// unspecialized, it captured the conversation's metadata in a context allocated per table
    /// (10 of a screen session's 77 allocations; Benchmarks/callgrind.sh screen-kit).
    @inlinable
    static func make(capacity: Int) -> DispatchTable<Conversation> {
        make(capacity: capacity) { table, change, switchboard in
            let table = table as! DispatchTable<Conversation>
            switch change {
            case .inserting(let attachment): table.insertReceiver(attachment, parkingIn: switchboard)
            case .removing(let attachment): table.removeReceiver(attachment, parkingIn: switchboard)
            case .removingDeparted: table.removeDepartedReceivers(parkingIn: switchboard)
            }
        }
    }

    /// An empty table with room for `capacity` entries (at least 4), and `update` as its code.
    @inlinable
    static func make(
        capacity: Int,
        update: @escaping @MainActor (AnyObject, TableChange, Switchboard) -> Void
    ) -> DispatchTable<Conversation> {
        let capacity = max(4, capacity)
        // A cast, not a conversion: `create` makes an object of the class it is called on.
        return create(minimumCapacity: capacity) { _ in
            TableHeader(
                counts: EntryCounts(count: 0, capacity: capacity), key: ObjectIdentifier(Conversation.self),
                update: update)
        } as! DispatchTable<Conversation>
    }

    /// An empty table like this one (same conversation, same code) with room for `capacity`.
    @inlinable
    func emptyCopy(capacity: Int) -> DispatchTable<Conversation> {
        Self.make(capacity: capacity, update: tableHeader.update)
    }

    @usableFromInline
    var key: ObjectIdentifier { tableHeader.key }

    @usableFromInline
    var name: String { conversationName(of: Conversation.self) }

    @usableFromInline
    var receivers: [Attachment] { entries.map(\.attachment) }

    @MainActor
    @usableFromInline
    func insert(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        tableHeader.update(self, .inserting(attachment), switchboard)
    }

    @MainActor
    @usableFromInline
    func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        tableHeader.update(self, .removing(attachment), switchboard)
    }

    /// Read through ``withEntries(_:)``: `header` is a class's stored property, whose every read
    /// was an exclusivity check (fixed-all 130 -> 217 Ir at N = 0, where `all` sizes its answers).
    @inlinable
    var count: Int { withEntries { counts, _ in counts.count } }

    @inlinable
    var entryCapacity: Int { tableHeader.counts.capacity }

    @inlinable
    var start: Int { tableHeader.counts.start }

    /// The receivers as they are now, for a careful dispatch: valid while it runs, since an attach
    /// or a detach then replaces the table rather than changing it, and the snapshot holds this
    /// one.
    @usableFromInline
    var entries: EntrySnapshot<Conversation> { EntrySnapshot(self) }

    /// Runs `body` with the receivers, read in place with no reference counting, for a send's
    /// fast path.
    ///
    /// Only while a dispatch of `switchboard`, the table's, runs: the table may be replaced
    /// meanwhile, and the switchboard then parks it until that dispatch returns.
    @MainActor
    @inlinable
    @inline(__always)
    func withReceivers<Result>(
        during switchboard: Switchboard,
        _ body: (UnsafeBufferPointer<Entry<Conversation>>) -> Result
    ) -> Result {
        assert(switchboard.isDispatching, "a table read in place must be parked if it is replaced")
        return withEntries { counts, slots in
            body(UnsafeBufferPointer(start: slots + counts.start, count: counts.count))
        }
    }

    @MainActor
    @inlinable
    func insertReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard let receiver = ConformanceMemo.shared.receiver(attachment.controller, as: Conversation.self) else {
            return
        }
        let entry = Entry(receiver: receiver, attachment: attachment)
        let (position, _) = rank(of: attachment)
        if switchboard.isDispatching || !hasRoom(at: position) {
            switchboard.replace(
                self, with: resized(to: max(4, count * 2), inserting: entry, at: position))
        } else {
            insert(entry, at: position)
        }
    }

    @MainActor
    @inlinable
    func removeReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard let position = position(of: attachment) else { return }
        if switchboard.isDispatching {
            switchboard.replace(self, with: resized(to: entryCapacity, removingAt: position))
        } else {
            remove(at: position)
        }
    }

    @MainActor
    @usableFromInline
    func removeDeparted(parkingIn switchboard: Switchboard) {
        tableHeader.update(self, .removingDeparted, switchboard)
    }

    /// Removes every receiver whose controller has left, in one pass; while a dispatch runs, which
    /// keeps this table, the switchboard gets a copy without the departed receivers instead.
    @MainActor
    @inlinable
    func removeDepartedReceivers(parkingIn switchboard: Switchboard) {
        if switchboard.isDispatching {
            if let staying = copyStaying() { switchboard.replace(self, with: staying) }
        } else {
            removeDeparted()
        }
    }

    /// Where `attachment` stands among the receivers, or `nil` if it is not one.
    @MainActor
    @inlinable
    func position(of attachment: Attachment) -> Int? {
        let (position, isThere) = rank(of: attachment)
        return isThere ? position : nil
    }

    /// How many receivers come before `attachment` in the owner's order: where it stands, or
    /// would stand; and whether it stands there. One pass over the entries answers both: a second
    /// pass that read the entry back cost a detach in attach order 15,564 Ir per controller
    /// instead of 9,626 (Benchmarks/callgrind.sh scale-detach-forward, N = 200), this code being
    /// generic, not specialized for the conversation.
    ///
    /// The ends first, without a search: a newcomer usually goes last, and detaching in or
    /// against attach order (a tear-down, a batch) removes the first or the last. Otherwise a
    /// binary search written out over the entries: the standard library's generic one, unspecialized
    /// here, looked up metadata on every step (about 700 instructions a step).
    @MainActor
    @inlinable
    func rank(of attachment: Attachment) -> (Int, isThere: Bool) {
        withEntries { counts, slots in
            let count = counts.count
            guard count > 0 else { return (0, false) }
            let first = slots + counts.start
            let last = first[count - 1].attachment
            if last === attachment { return (count - 1, true) }
            if last.precedes(attachment) { return (count, false) }
            let head = first[0].attachment
            if head === attachment { return (0, true) }
            if attachment.precedes(head) { return (0, false) }
            var low = 1
            var high = count - 1
            while low < high {
                let middle = low + (high - low) / 2
                if first[middle].attachment.precedes(attachment) { low = middle + 1 } else { high = middle }
            }
            return (low, low < count && first[low].attachment === attachment)
        }
    }

    /// The entry in `slot`, which must hold one.
    @inlinable
    func entry(inSlot slot: Int) -> Entry<Conversation> {
        withEntries { counts, slots in
            precondition(slot >= counts.start && slot < counts.start &+ counts.count, "an entry read outside the table")
            return slots[slot]
        }
    }

    /// Adds an entry at the end; there must be room.
    @inlinable
    func append(_ entry: Entry<Conversation>) {
        withEntries { counts, slots in
            precondition(counts.start + counts.count < counts.capacity, "no room to append")
            (slots + counts.start + counts.count).initialize(to: entry)
            counts.count &+= 1
        }
    }

    /// These entries moved into a table of their number (at least 4); this one is left empty.
    @inlinable
    func trimmed() -> DispatchTable<Conversation> {
        let copy = emptyCopy(capacity: count)
        withEntries { counts, slots in
            copy.withEntries { copyCounts, copySlots in
                copySlots.moveInitialize(from: slots + counts.start, count: counts.count)
                copyCounts.count = counts.count
            }
            counts.count = 0
            counts.start = 0
        }
        return copy
    }

    /// Whether ``insert(_:at:)`` can add an entry at `position` in place: there is a free slot
    /// at the end, or at the front for a newcomer that goes first, or enough free slots at the
    /// front (a quarter of them) that moving every entry there is paid for by the removals that
    /// freed them.
    @inlinable
    func hasRoom(at position: Int) -> Bool {
        let counts = tableHeader.counts
        return counts.start + counts.count < counts.capacity
            || (counts.start > 0 && (position == 0 || counts.start * 4 >= counts.capacity))
    }

    /// Inserts an entry at `position` among the entries; ``hasRoom(at:)`` must be true.
    @inlinable
    func insert(_ entry: Entry<Conversation>, at position: Int) {
        withEntries { counts, slots in
            precondition(position >= 0 && position <= counts.count, "an insertion outside the table")
            if position == 0, counts.start > 0 {
                counts.start -= 1
                (slots + counts.start).initialize(to: entry)
                counts.count += 1
                return
            }
            if counts.start + counts.count == counts.capacity {
                precondition(counts.start > 0, "no room to insert")
                slots.moveInitialize(from: slots + counts.start, count: counts.count)
                counts.start = 0
            }
            let first = slots + counts.start
            (first + position + 1).moveInitialize(from: first + position, count: counts.count - position)
            (first + position).initialize(to: entry)
            counts.count += 1
        }
    }

    /// Removes the entry at `position`, moving whichever side of it is shorter: nothing for the
    /// first or the last.
    @inlinable
    func remove(at position: Int) {
        withEntries { counts, slots in
            precondition(position >= 0 && position < counts.count, "a removal outside the table")
            let first = slots + counts.start
            (first + position).deinitialize(count: 1)
            if position < counts.count / 2 {
                (first + 1).moveInitialize(from: first, count: position)
                counts.start += 1
            } else {
                (first + position).moveInitialize(from: first + position + 1, count: counts.count - position - 1)
            }
            counts.count -= 1
            if counts.count == 0 { counts.start = 0 }
        }
    }

    /// Removes the entries whose controller left, closing up over each run of them with one move.
    @MainActor
    @inlinable
    func removeDeparted() {
        withEntries { counts, slots in
            let first = slots + counts.start
            var kept = 0
            var position = 0
            while position < counts.count {
                let staying = position
                while position < counts.count, !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                    position += 1
                }
                if kept != staying { (first + kept).moveInitialize(from: first + staying, count: position - staying) }
                kept += position - staying
                let leaving = position
                while position < counts.count, Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                    position += 1
                }
                (first + leaving).deinitialize(count: position - leaving)
            }
            counts.count = kept
            if kept == 0 { counts.start = 0 }
        }
    }

    /// A copy of the entries whose controller has not left, or `nil` when none left.
    @MainActor
    @inlinable
    func copyStaying() -> DispatchTable<Conversation>? {
        withEntries { counts, slots in
            let first = slots + counts.start
            var staying = 0
            for position in 0..<counts.count where !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                staying += 1
            }
            guard staying < counts.count else { return nil }
            let copy = emptyCopy(capacity: staying)
            copy.withEntries { copyCounts, copySlots in
                for position in 0..<counts.count
                where !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                    (copySlots + copyCounts.count).initialize(to: first[position])
                    copyCounts.count += 1
                }
            }
            return copy
        }
    }

    /// A copy with `entry` inserted at `position`.
    @inlinable
    func resized(to capacity: Int, inserting entry: Entry<Conversation>, at position: Int) -> DispatchTable<
        Conversation
    > {
        let copy = emptyCopy(capacity: capacity)
        withEntries { counts, slots in
            precondition(position >= 0 && position <= counts.count && counts.count < copy.entryCapacity)
            let first = slots + counts.start
            copy.withEntries { copyCounts, copySlots in
                copySlots.initialize(from: first, count: position)
                (copySlots + position).initialize(to: entry)
                (copySlots + position + 1).initialize(from: first + position, count: counts.count - position)
                copyCounts.count = counts.count + 1
            }
        }
        return copy
    }

    /// A copy without the entry at `position`.
    @inlinable
    func resized(to capacity: Int, removingAt position: Int) -> DispatchTable<Conversation> {
        let copy = emptyCopy(capacity: capacity)
        withEntries { counts, slots in
            precondition(position >= 0 && position < counts.count && counts.count <= copy.entryCapacity)
            let first = slots + counts.start
            copy.withEntries { copyCounts, copySlots in
                copySlots.initialize(from: first, count: position)
                (copySlots + position).initialize(from: first + position + 1, count: counts.count - position - 1)
                copyCounts.count = counts.count - 1
            }
        }
        return copy
    }

    deinit {
        destroyEntries()
    }
}

/// A dispatch table's receivers as they were read, for the careful paths: it holds the table, so
/// it outlives any change to the owner's tables, and reads each entry inside the table's bounds.
@frozen
@usableFromInline
struct EntrySnapshot<Conversation>: RandomAccessCollection {
    @usableFromInline
    let table: DispatchTable<Conversation>
    /// The slot of the first entry when the snapshot was taken.
    @usableFromInline
    let start: Int
    @usableFromInline
    let endIndex: Int

    @inlinable
    init(_ table: DispatchTable<Conversation>) {
        self.table = table
        start = table.start
        endIndex = table.count
    }

    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    subscript(position: Int) -> Entry<Conversation> {
        precondition(position >= 0 && position < endIndex, "a snapshot position out of range")
        return table.entry(inSlot: start &+ position)
    }
}

// measured: kit N=10 364 -> 147 Ir (60%), the same storage as DispatchTable's, reached here
extension ManagedBuffer where Header == TableHeader {
    /// Runs `body` with the counts and the first slot: the one place a table's memory is reached,
    /// and only inside `body`.
    @inlinable
    @inline(__always)
    func withEntries<Result>(
        _ body: (inout EntryCounts, UnsafeMutablePointer<Element>) -> Result
    ) -> Result {
        withUnsafeMutablePointers { header, slots in body(&header.pointee.counts, slots) }
    }

    /// The header, read through its pointer: `header` is a class's stored property, whose every
    /// read was an exclusivity check (scale-detach-forward N = 200: 3,057 -> 2,737 Ir; part of the
    /// storage's receipt above).
    @inlinable
    @inline(__always)
    var tableHeader: TableHeader {
        withUnsafeMutablePointerToHeader { $0.pointee }
    }

    /// Destroys the entries. Written on the buffer, whose element type is one of its own generic
    /// arguments, so a deinit (never specialized) finds the entries' metadata in the object's class
    /// instead of looking `Entry<Conversation>` up at run time: about 470 instructions per table
    /// dropped (Benchmarks/callgrind.sh screen-kit).
    fileprivate func destroyEntries() {
        withEntries { counts, slots in
            (slots + counts.start).deinitialize(count: counts.count)
            counts.count = 0
        }
    }
}
