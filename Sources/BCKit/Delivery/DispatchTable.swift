/// The receivers of one conversation in one owner, in the owner's order.
///
/// Built in one pass on the first dispatch of a conversation, casting each controller once, then
/// kept up to date on every attach and detach, so a send never casts.
@MainActor
@usableFromInline
class AnyDispatchTable {
    @usableFromInline
    let key: ObjectIdentifier
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
@usableFromInline
struct Entry<Conversation>: Deliverable {
    @usableFromInline
    let receiver: Conversation
    @usableFromInline
    let attachment: Attachment
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
    private var storage: EntryStorage<Entry<Conversation>>

    /// A table of the receivers among `attachments`, built in one pass.
    ///
    /// A concrete array and an index loop, not a sequence: this code runs unspecialized, and
    /// iterating a generic sequence went through witness calls and metadata lookups per element.
    init(from attachments: ContiguousArray<Attachment>) {
        var receivers: [Entry<Conversation>] = []
        receivers.reserveCapacity(attachments.count)
        for index in attachments.indices {
            let attachment = attachments[index]
            guard attachment.isListening,
                let receiver = SilentPairs.receiver(attachment.controller, as: Conversation.self)
            else { continue }
            receivers.append(Entry(receiver: receiver, attachment: attachment))
        }
        storage = EntryStorage(copying: receivers[...], capacity: max(4, receivers.count))
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
        guard let receiver = SilentPairs.receiver(attachment.controller, as: Conversation.self) else { return }
        let position = entries.partitioningIndex { attachment.precedes($0.attachment) }
        let entry = Entry(receiver: receiver, attachment: attachment)
        if switchboard.isDispatching || count == storage.capacity {
            var receivers = Array(entries)
            receivers.insert(entry, at: position)
            replaceStorage(with: receivers[...], parkingIn: switchboard)
        } else {
            storage.insert(entry, at: position)
            count = storage.count
        }
    }

    override func remove(_ attachment: Attachment, parkingIn switchboard: Switchboard) {
        let position = entries.partitioningIndex { !$0.attachment.precedes(attachment) }
        guard position < count, base[position].attachment === attachment else { return }
        if switchboard.isDispatching {
            var receivers = Array(entries)
            receivers.remove(at: position)
            replaceStorage(with: receivers[...], parkingIn: switchboard)
        } else {
            storage.remove(at: position)
            count = storage.count
        }
    }

    private func replaceStorage(with receivers: ArraySlice<Entry<Conversation>>, parkingIn switchboard: Switchboard) {
        switchboard.park(storage)
        storage = EntryStorage(copying: receivers, capacity: max(4, receivers.count * 2))
        base = storage.base
        count = storage.count
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}

/// Memory for a dispatch table's entries, freed with it.
final class EntryStorage<Element> {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    private(set) var count: Int

    init(copying elements: ArraySlice<Element>, capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
        count = elements.count
        _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: elements)
    }

    func insert(_ element: Element, at position: Int) {
        (base + position + 1).moveInitialize(from: base + position, count: count - position)
        (base + position).initialize(to: element)
        count += 1
    }

    func remove(at position: Int) {
        (base + position).deinitialize(count: 1)
        (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
        count -= 1
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
