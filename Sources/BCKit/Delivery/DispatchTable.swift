/// The receivers of one conversation in one owner, in the owner's order.
///
/// Built in one pass on the first dispatch of a conversation, casting each controller once, then
/// kept up to date on every attach and detach, so a send never casts.
@MainActor
@usableFromInline
class AnyDispatchTable {
    @usableFromInline
    let key: ObjectIdentifier
    @usableFromInline
    init(key: ObjectIdentifier) {
        self.key = key
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
        preconditionFailure("DispatchTable overrides insert(_:parkingIn:)")
    }

    /// Removes the attachment if it is a receiver.
    ///
    /// - Parameter switchboard: Parks the memory a running dispatch may still be reading.
    func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        preconditionFailure("DispatchTable overrides remove(_:parkingIn:)")
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
    /// Not inlinable: a class that is not frozen cannot initialize its stored properties in
    /// inlinable code under library evolution, and a table is built once per conversation.
    @usableFromInline
    init(storage: EntryStorage<Conversation>) {
        self.storage = storage
        base = storage.base
        count = storage.count
        super.init(key: ObjectIdentifier(Conversation.self))
    }

    override var name: String { conversationName(of: Conversation.self) }

    /// The receivers as a collection, valid until the next insert or remove.
    @usableFromInline
    var entries: UnsafeBufferPointer<Entry<Conversation>> {
        UnsafeBufferPointer(start: base, count: count)
    }

    override func insert(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        guard let receiver = ConformanceMemo.shared.receiver(attachment.controller, as: Conversation.self) else {
            return
        }
        let position = entries.partitioningIndex { attachment.precedes($0.attachment) }
        let entry = Entry(receiver: receiver, attachment: attachment)
        if switchboard.isDispatching || count == storage.entryCapacity {
            replaceStorage(
                with: storage.resized(to: max(4, count * 2), inserting: entry, at: position), parkingIn: switchboard)
        } else {
            storage.insert(entry, at: position)
            count = storage.count
        }
    }

    override func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        let position = entries.partitioningIndex { !$0.attachment.precedes(attachment) }
        guard position < count, base[position].attachment === attachment else { return }
        if switchboard.isDispatching {
            replaceStorage(
                with: storage.resized(to: storage.entryCapacity, removingAt: position), parkingIn: switchboard)
        } else {
            storage.remove(at: position)
            count = storage.count
        }
    }

    private func replaceStorage(with fresh: EntryStorage<Conversation>, parkingIn switchboard: Switchboard) {
        switchboard.park(storage)
        storage = fresh
        base = storage.base
        count = storage.count
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}

/// How many entries an ``EntryStorage`` holds and has room for.
@frozen
@usableFromInline
struct EntryCounts {
    @usableFromInline
    var count: Int
    @usableFromInline
    let capacity: Int

    @inlinable
    init(count: Int, capacity: Int) {
        self.count = count
        self.capacity = capacity
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

    /// The first entry's address, stable for the storage's lifetime.
    @inlinable
    var base: UnsafeMutablePointer<Entry<Conversation>> {
        withUnsafeMutablePointerToElements { $0 }
    }

    @inlinable
    var count: Int { header.count }

    @inlinable
    var entryCapacity: Int { header.capacity }

    /// Adds an entry at the end; there must be room.
    @inlinable
    func append(_ entry: Entry<Conversation>) {
        (base + header.count).initialize(to: entry)
        header.count &+= 1
    }

    /// These entries moved into storage of their number (at least 4); this one is left empty.
    @inlinable
    func trimmed() -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: header.count)
        copy.base.moveInitialize(from: base, count: header.count)
        copy.header.count = header.count
        header.count = 0
        return copy
    }

    func insert(_ entry: Entry<Conversation>, at position: Int) {
        let base = base
        (base + position + 1).moveInitialize(from: base + position, count: count - position)
        (base + position).initialize(to: entry)
        header.count += 1
    }

    func remove(at position: Int) {
        let base = base
        (base + position).deinitialize(count: 1)
        (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
        header.count -= 1
    }

    /// A copy with `entry` inserted at `position`.
    func resized(to capacity: Int, inserting entry: Entry<Conversation>, at position: Int) -> EntryStorage<Conversation>
    {
        let copy = EntryStorage.make(capacity: capacity)
        copy.base.initialize(from: base, count: position)
        (copy.base + position).initialize(to: entry)
        (copy.base + position + 1).initialize(from: base + position, count: count - position)
        copy.header.count = count + 1
        return copy
    }

    /// A copy without the entry at `position`.
    func resized(to capacity: Int, removingAt position: Int) -> EntryStorage<Conversation> {
        let copy = EntryStorage.make(capacity: capacity)
        copy.base.initialize(from: base, count: position)
        (copy.base + position).initialize(from: base + position + 1, count: count - position - 1)
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
        _ = withUnsafeMutablePointers { counts, entries in entries.deinitialize(count: counts.pointee.count) }
    }
}
