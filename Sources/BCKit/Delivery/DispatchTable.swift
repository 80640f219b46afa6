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
    /// The receivers, in order: `count` entries from `base`, owned by `storage`.
    ///
    /// A plain pointer and count rather than an array, so that a send reads them with no reference
    /// counting: a retained array snapshot cost a retain and a release per send, about 20 of the
    /// 161 instructions of a send to ten controllers (12%, measured with Benchmarks/callgrind.sh).
    /// The memory under a running dispatch never changes and never goes away: while one runs,
    /// `insert` and `remove` write fresh storage and park the old one in the switchboard, which
    /// drops it when its outermost dispatch returns. Written only here, by code that calls no
    /// user code, hence no exclusivity checks on reads.
    @usableFromInline
    @exclusivity(unchecked)
    var base: UnsafeMutablePointer<Entry<Conversation>>
    @usableFromInline
    @exclusivity(unchecked)
    var count: Int
    @usableFromInline
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
        base = storage.base
        count = storage.count
        super.init(key: ObjectIdentifier(Conversation.self), update: update)
    }

    override var name: String { conversationName(of: Conversation.self) }

    /// The receivers as a collection, valid until the next insert or remove.
    @usableFromInline
    var entries: UnsafeBufferPointer<Entry<Conversation>> {
        UnsafeBufferPointer(start: base, count: count)
    }

    @inlinable
    func insertReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard let receiver = ConformanceMemo.shared.receiver(attachment.controller, as: Conversation.self) else {
            return
        }
        let position = rank(of: attachment)
        let entry = Entry(receiver: receiver, attachment: attachment)
        // Read once: each read of the class's `storage` is an exclusivity check.
        let storage = storage
        if switchboard.isDispatching || !storage.hasRoom(at: position) {
            replaceStorage(
                with: storage.resized(to: max(4, count * 2), inserting: entry, at: position), parkingIn: switchboard)
        } else {
            storage.insert(entry, at: position)
            point(at: storage)
        }
    }

    @inlinable
    func removeReceiver(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard count > 0 else { return }
        let position = rank(of: attachment)
        guard position < count, base[position].attachment === attachment else { return }
        let storage = storage
        if switchboard.isDispatching {
            replaceStorage(
                with: storage.resized(to: storage.entryCapacity, removingAt: position), parkingIn: switchboard)
        } else {
            storage.remove(at: position)
            point(at: storage)
        }
    }

    override func removeDeparted(parkingIn switchboard: Switchboard) {
        // One call into the storage per table: run unspecialized, every generic call looks the
        // entries' metadata up again.
        let storage = storage
        if switchboard.isDispatching {
            if let staying = storage.copyStaying() { replaceStorage(with: staying, parkingIn: switchboard) }
        } else {
            count = storage.removeDeparted()
        }
    }

    /// How many receivers come before `attachment` in the owner's order: where it stands, or
    /// would stand.
    ///
    /// The ends first, without a search: a newcomer usually goes last, and detaching in or
    /// against attach order (a tear-down, a batch) removes the first or the last. Otherwise a
    /// binary search written out over the entries: the standard library's generic one, unspecialized
    /// here, looked up metadata on every step (about 700 instructions a step).
    @inlinable
    func rank(of attachment: Attachment) -> Int {
        guard count > 0 else { return 0 }
        let last = base[count - 1].attachment
        if last === attachment { return count - 1 }
        if last.precedes(attachment) { return count }
        let first = base[0].attachment
        if first === attachment || attachment.precedes(first) { return 0 }
        var low = 1
        var high = count - 1
        while low < high {
            let middle = low + (high - low) / 2
            if base[middle].attachment.precedes(attachment) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Points the table at the entries of `storage`, its storage, which insert and remove may
    /// have moved.
    @inlinable
    func point(at storage: EntryStorage<Conversation>) {
        base = storage.base + storage.start
        count = storage.count
    }

    @inlinable
    func replaceStorage(with fresh: EntryStorage<Conversation>, parkingIn switchboard: Switchboard) {
        switchboard.park(storage)
        storage = fresh
        point(at: fresh)
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
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
/// Nonisolated, so the closures it hands the standard library get no main-actor executor check.
@usableFromInline
final class EntryStorage<Conversation>: ManagedBuffer<EntryCounts, Entry<Conversation>> {
    /// Empty storage with room for `capacity` entries, at least 4 so a few attaches fit.
    @inlinable
    static func make(capacity: Int) -> EntryStorage<Conversation> {
        let capacity = max(4, capacity)
        let buffer = create(minimumCapacity: capacity) { _ in EntryCounts(count: 0, capacity: capacity) }
        return unsafeDowncast(buffer, to: EntryStorage<Conversation>.self)
    }

    /// The first slot's address, stable for the storage's lifetime; the entries start
    /// ``start`` slots after it.
    @inlinable
    var base: UnsafeMutablePointer<Entry<Conversation>> {
        withUnsafeMutablePointerToElements { $0 }
    }

    @inlinable
    var count: Int { header.count }

    @inlinable
    var entryCapacity: Int { header.capacity }

    @inlinable
    var start: Int { header.start }

    /// Adds an entry at the end; there must be room.
    @inlinable
    func append(_ entry: Entry<Conversation>) {
        (base + header.start + header.count).initialize(to: entry)
        header.count &+= 1
    }

    /// These entries moved into storage of their number (at least 4); this one is left empty.
    @inlinable
    func trimmed() -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: header.count)
        copy.base.moveInitialize(from: base + header.start, count: header.count)
        copy.header.count = header.count
        header.count = 0
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
        if position == 0, header.start > 0 {
            header.start -= 1
            (base + header.start).initialize(to: entry)
            header.count += 1
            return
        }
        if header.start + header.count == header.capacity {
            base.moveInitialize(from: base + header.start, count: header.count)
            header.start = 0
        }
        let first = base + header.start
        (first + position + 1).moveInitialize(from: first + position, count: count - position)
        (first + position).initialize(to: entry)
        header.count += 1
    }

    /// Removes the entry at `position`, moving whichever side of it is shorter: nothing for the
    /// first or the last.
    @inlinable
    func remove(at position: Int) {
        let first = base + header.start
        (first + position).deinitialize(count: 1)
        if position < count / 2 {
            (first + 1).moveInitialize(from: first, count: position)
            header.start += 1
        } else {
            (first + position).moveInitialize(from: first + position + 1, count: count - position - 1)
        }
        header.count -= 1
        if header.count == 0 { header.start = 0 }
    }

    /// Removes the entries whose controller left, closing up over each run of them with one move,
    /// and returns how many stay; they keep their slots' start, so the table's base stays valid.
    @MainActor
    func removeDeparted() -> Int {
        let first = base + header.start
        let count = header.count
        var kept = 0
        var position = 0
        while position < count {
            let staying = position
            while position < count, !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                position += 1
            }
            if kept != staying { (first + kept).moveInitialize(from: first + staying, count: position - staying) }
            kept += position - staying
            let leaving = position
            while position < count, Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
                position += 1
            }
            (first + leaving).deinitialize(count: position - leaving)
        }
        header.count = kept
        return kept
    }

    /// A copy of the entries whose controller has not left, or `nil` when none left.
    @MainActor
    func copyStaying() -> EntryStorage<Conversation>? {
        let first = base + header.start
        var staying = 0
        for position in 0..<header.count where !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
            staying += 1
        }
        guard staying < header.count else { return nil }
        let copy = EntryStorage.make(capacity: staying)
        for position in 0..<header.count where !Delivery.hasLeft(first[position].attachment, mayHaveLeft: true) {
            copy.append(first[position])
        }
        return copy
    }

    /// A copy with `entry` inserted at `position`.
    @inlinable
    func resized(to capacity: Int, inserting entry: Entry<Conversation>, at position: Int) -> EntryStorage<Conversation>
    {
        let copy = EntryStorage.make(capacity: capacity)
        let first = base + header.start
        copy.base.initialize(from: first, count: position)
        (copy.base + position).initialize(to: entry)
        (copy.base + position + 1).initialize(from: first + position, count: count - position)
        copy.header.count = count + 1
        return copy
    }

    /// A copy without the entry at `position`.
    @inlinable
    func resized(to capacity: Int, removingAt position: Int) -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: capacity)
        let first = base + header.start
        copy.base.initialize(from: first, count: position)
        (copy.base + position).initialize(from: first + position + 1, count: count - position - 1)
        copy.header.count = count - 1
        return copy
    }

    deinit {
        destroyEntries()
    }
}

extension ManagedBuffer where Header == EntryCounts {
    /// Destroys the entries. Written on the buffer, whose element type is one of its own generic
    /// arguments, so a deinit (never specialized) finds the entries' metadata in the object's class
    /// instead of looking `Entry<Conversation>` up at run time: about 470 instructions per table
    /// dropped (Benchmarks/callgrind.sh screen-kit).
    fileprivate func destroyEntries() {
        _ = withUnsafeMutablePointers { counts, entries in
            (entries + counts.pointee.start).deinitialize(count: counts.pointee.count)
        }
    }
}
