/// The receivers of one conversation in one owner, in the owner's order.
///
/// Built in one pass on the first dispatch of a conversation, casting each controller once, then
/// kept up to date on every attach and detach, so a send never casts.
@MainActor
@usableFromInline
class AnyDispatchTable {
    @usableFromInline
    let key: ObjectIdentifier
    /// Inserts (`true`) or removes (`false`) an attachment: the concrete table's code, specialized
    /// for its conversation where the table was built (``DispatchTable/init(storage:)``). Reached
    /// through this class, the generic methods ran unspecialized: they looked up the entries'
    /// metadata several times per call and cast through the runtime's generic path, about 4,000
    /// instructions per table on every attach (Benchmarks/callgrind.sh scale-single-attach).
    @usableFromInline
    let update: (AnyDispatchTable, Attachment, Switchboard, Bool) -> Void

    @usableFromInline
    init(key: ObjectIdentifier, update: @escaping (AnyDispatchTable, Attachment, Switchboard, Bool) -> Void) {
        self.key = key
        self.update = update
    }

    /// The conversation's name, as traces and descriptions print it; made on demand, since
    /// `String(describing:)` of a metatype cost about 14% of opening and closing a 20-controller
    /// owner (Benchmarks/callgrind.sh screen-open-kit) and only diagnostics read it.
    var name: String {
        preconditionFailure("DispatchTable overrides name")
    }

    /// Adds the attachment if its controller speaks this conversation.
    ///
    /// - Parameter switchboard: Parks the memory a running dispatch may still be reading.
    func insert(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        update(self, attachment, switchboard, true)
    }

    /// Removes the attachment if it is a receiver.
    ///
    /// - Parameter switchboard: Parks the memory a running dispatch may still be reading.
    func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        update(self, attachment, switchboard, false)
    }

    /// Removes every receiver whose controller has left, in one pass: a batch detach.
    ///
    /// - Parameter switchboard: Parks the memory a running dispatch may still be reading.
    func removeDeparted(parkingIn switchboard: Switchboard) {
        preconditionFailure("DispatchTable overrides removeDeparted")
    }

    /// The receivers' attachments, in order.
    var receivers: [Attachment] {
        preconditionFailure("DispatchTable overrides receivers")
    }
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

/// The receivers of the conversation `Conversation`, already cast to it.
@MainActor
@usableFromInline
final class DispatchTable<Conversation>: AnyDispatchTable {
    /// The receivers, in order.
    ///
    /// The memory under a running dispatch never changes and never goes away: while one runs,
    /// `insert` and `remove` write fresh storage and park the old one in the switchboard, which
    /// drops it when its outermost dispatch returns. Written only here, by code that calls no
    /// user code, hence no exclusivity checks on reads.
    @usableFromInline
    @exclusivity(unchecked)  // measured: kit N=10 233 -> 147 Ir (37%), the storage read with exclusivity checks
    var storage: EntryStorage<Conversation>

    /// A table over storage already filled, see ``ConformanceMemo/receivers(among:as:)``.
    ///
    /// Inlinable, so its update closure is formed in the caller's specialized build: formed here,
    /// unspecialized, it captured the conversation's metadata in a context allocated per table
    /// (10 of a screen session's 77 allocations; Benchmarks/callgrind.sh screen-kit). A
    /// convenience initializer, since library evolution lets only those be inlinable.
    @inlinable
    convenience init(storage: EntryStorage<Conversation>) {
        self.init(storage: storage) { table, attachment, switchboard, inserting in
            let table = table as! DispatchTable<Conversation>
            if inserting {
                table.insertReceiver(attachment, parkingIn: switchboard)
            } else {
                table.removeReceiver(attachment, parkingIn: switchboard)
            }
        }
    }

    /// Not inlinable: a class that is not frozen cannot initialize its stored properties in
    /// inlinable code under library evolution.
    @usableFromInline
    init(
        storage: EntryStorage<Conversation>,
        update: @escaping (AnyDispatchTable, Attachment, Switchboard, Bool) -> Void
    ) {
        self.storage = storage
        super.init(key: ObjectIdentifier(Conversation.self), update: update)
    }

    override var name: String { conversationName(of: Conversation.self) }

    /// How many receivers the table has.
    @inlinable
    var count: Int { storage.count }

    /// The receivers as they are now, kept valid whatever the table does next: the snapshot holds
    /// their storage.
    @usableFromInline
    var entries: EntrySnapshot<Conversation> { EntrySnapshot(storage) }

    /// Runs `body` with the receivers, read in place with no reference counting, for a send's
    /// fast path.
    ///
    /// Only while a dispatch of `switchboard`, the table's, runs: the storage `body` reads may be
    /// replaced meanwhile, and the switchboard then parks it until that dispatch returns.
    @inlinable
    @inline(__always)
    func withReceivers<Result>(
        during switchboard: Switchboard,
        // measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
        _ body: (UnsafeBufferPointer<Entry<Conversation>>) -> Result
    ) -> Result {
        assert(switchboard.isDispatching, "the storage read in place must be parked if it is replaced")
        return EntryStorage.borrow(unretainedStorage, body)
    }

    /// The storage, not retained: a getter of its own, so that the retain a read of a `var` makes
    /// ends inside it and cancels out, instead of lasting the whole dispatch (a send to ten
    /// controllers, Benchmarks/callgrind.sh kit, cost 198 instructions retained, 147 borrowed).
    @inlinable
    @inline(__always)
    // measured: kit N=10 198 -> 147 Ir (26%), the storage retained for the send
    var unretainedStorage: Unmanaged<EntryStorage<Conversation>> {
        Unmanaged.passUnretained(storage)
    }

    @inlinable
    func insertReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard let receiver = ConformanceMemo.shared.receiver(attachment.controller, as: Conversation.self) else {
            return
        }
        let entry = Entry(receiver: receiver, attachment: attachment)
        // Read once, before `replaceStorage` may replace it.
        let storage = storage
        let (position, _) = rank(of: attachment, in: storage)
        if switchboard.isDispatching || !storage.hasRoom(at: position) {
            replaceStorage(
                with: storage.resized(to: max(4, storage.count * 2), inserting: entry, at: position),
                parkingIn: switchboard)
        } else {
            storage.insert(entry, at: position)
        }
    }

    @inlinable
    func removeReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        let storage = storage
        guard let position = position(of: attachment, in: storage) else { return }
        if switchboard.isDispatching {
            replaceStorage(
                with: storage.resized(to: storage.entryCapacity, removingAt: position), parkingIn: switchboard)
        } else {
            storage.remove(at: position)
        }
    }

    override func removeDeparted(parkingIn switchboard: Switchboard) {
        // One pass over the storage per table: run unspecialized, every generic call looks the
        // entries' metadata up again.
        let storage = storage
        if switchboard.isDispatching {
            if let staying = storage.copyStaying() { replaceStorage(with: staying, parkingIn: switchboard) }
        } else {
            storage.removeDeparted()
        }
    }

    /// Where `attachment` stands among the receivers of `storage`, the table's, or `nil` if it is
    /// not one.
    @inlinable
    func position(of attachment: Attachment, in storage: EntryStorage<Conversation>) -> Int? {
        let (position, isThere) = rank(of: attachment, in: storage)
        return isThere ? position : nil
    }

    /// How many receivers of `storage`, the table's, come before `attachment` in the owner's
    /// order: where it stands, or would stand; and whether it stands there. One pass over the
    /// entries answers both: a second pass that read the entry back cost a detach in attach order
    /// 15,564 Ir per controller instead of 9,626 (Benchmarks/callgrind.sh scale-detach-forward,
    /// N = 200), this code being generic, not specialized for the conversation.
    ///
    /// The ends first, without a search: a newcomer usually goes last, and detaching in or
    /// against attach order (a tear-down, a batch) removes the first or the last. Otherwise a
    /// binary search written out over the entries: the standard library's generic one, unspecialized
    /// here, looked up metadata on every step (about 700 instructions a step).
    @inlinable
    func rank(of attachment: Attachment, in storage: EntryStorage<Conversation>) -> (Int, isThere: Bool) {
        storage.withEntries { counts, slots in
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

    @inlinable
    func replaceStorage(with fresh: EntryStorage<Conversation>, parkingIn switchboard: Switchboard) {
        switchboard.park(storage)
        storage = fresh
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}

/// A dispatch table's receivers as they were read, for the careful paths: it holds their storage,
/// so it outlives any change to the table, and reads each entry inside the storage's bounds.
@frozen
@usableFromInline
struct EntrySnapshot<Conversation>: RandomAccessCollection {
    @usableFromInline
    let storage: EntryStorage<Conversation>
    /// The slot of the first entry when the snapshot was taken.
    @usableFromInline
    let start: Int
    @usableFromInline
    let endIndex: Int

    @inlinable
    init(_ storage: EntryStorage<Conversation>) {
        self.storage = storage
        start = storage.start
        endIndex = storage.count
    }

    @inlinable
    var startIndex: Int { 0 }

    @inlinable
    subscript(position: Int) -> Entry<Conversation> {
        precondition(position >= 0 && position < endIndex, "a snapshot position out of range")
        return storage.entry(inSlot: start &+ position)
    }
}

/// How many entries an ``EntryStorage`` holds, where they start and how many it has room for.
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

/// Memory for a dispatch table's entries, in one allocation with its counts, freed with it.
///
/// Every access to the entries goes through ``ManagedBuffer/withEntries(_:)``, inside which the
/// pointers live.
///
/// Nonisolated, so the closures it hands the standard library get no main-actor executor check.
@usableFromInline
final class EntryStorage<Conversation>: ManagedBuffer<EntryCounts, Entry<Conversation>> {
    /// Empty storage with room for `capacity` entries, at least 4 so a few attaches fit.
    @inlinable
    static func make(capacity: Int) -> EntryStorage<Conversation> {
        let capacity = max(4, capacity)
        // A cast, not a conversion: `create` makes an object of the class it is called on.
        return create(minimumCapacity: capacity) { _ in EntryCounts(count: 0, capacity: capacity) }
            as! EntryStorage<Conversation>
    }

    /// Runs `body` with the entries of `storage`, borrowed rather than retained.
    ///
    /// The caller keeps `storage` alive for the call (a switchboard parks replaced storage while
    /// a dispatch runs). Static, so no reference is held around `body`; nonisolated, so the
    /// closure it hands the standard library gets no main-actor executor check.
    @inlinable
    @inline(__always)
    static func borrow<Result>(
        // measured: kit N=10 198 -> 147 Ir (26%), the storage retained for the send
        _ storage: Unmanaged<EntryStorage<Conversation>>,
        // measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
        _ body: (UnsafeBufferPointer<Entry<Conversation>>) -> Result
    ) -> Result {
        // measured: kit N=10 198 -> 147 Ir (26%), the storage retained for the send
        storage._withUnsafeGuaranteedRef { storage in
            storage.withEntries { counts, slots in
                // measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
                body(UnsafeBufferPointer(start: slots + counts.start, count: counts.count))
            }
        }
    }

    /// Read through ``withEntries(_:)``: `header` is a class's stored property, whose every read
    /// was an exclusivity check (fixed-all 130 -> 217 Ir at N = 0, where `all` sizes its answers).
    @inlinable
    var count: Int { withEntries { counts, _ in counts.count } }

    @inlinable
    var entryCapacity: Int { header.capacity }

    @inlinable
    var start: Int { header.start }

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

    /// These entries moved into storage of their number (at least 4); this one is left empty.
    @inlinable
    func trimmed() -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: count)
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
        let counts = header
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
    func copyStaying() -> EntryStorage<Conversation>? {
        withEntries { counts, slots in
            let first = slots + counts.start
            var staying = 0
            for position in 0..<counts.count where !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                staying += 1
            }
            guard staying < counts.count else { return nil }
            let copy = EntryStorage.make(capacity: staying)
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
    func resized(to capacity: Int, inserting entry: Entry<Conversation>, at position: Int) -> EntryStorage<Conversation>
    {
        let copy = EntryStorage.make(capacity: capacity)
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
    func resized(to capacity: Int, removingAt position: Int) -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: capacity)
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

extension ManagedBuffer where Header == EntryCounts {
    /// Runs `body` with the counts and the first slot: the one place the entries' memory is
    /// reached, and only inside `body`.
    @inlinable
    @inline(__always)
    func withEntries<Result>(
        // measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
        _ body: (inout EntryCounts, UnsafeMutablePointer<Element>) -> Result
    ) -> Result {
        // measured: kit N=10 364 -> 147 Ir (60%), read through a retained snapshot with checked reads
        withUnsafeMutablePointers { counts, slots in body(&counts.pointee, slots) }
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
