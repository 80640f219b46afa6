/// The receivers of one conversation in one owner, in the owner's order.
///
/// Built on the first dispatch of a conversation by casting each controller once, then kept up
/// to date on every attach and detach, so a send never casts.
@MainActor
@usableFromInline
class AnyDispatchTable {
    @usableFromInline
    let key: ObjectIdentifier
    /// The conversation's name, as traces and descriptions print it.
    let name: String

    init(key: ObjectIdentifier, name: String) {
        self.key = key
        self.name = name
    }

    /// Adds the attachment if its controller speaks this conversation.
    ///
    /// - Parameter dispatching: Whether a dispatch of this center may be iterating the table.
    func insert(_ attachment: Attachment, dispatching: Bool) {
        preconditionFailure("DispatchTable overrides insert(_:dispatching:)")
    }

    /// Removes the attachment if it is a receiver.
    ///
    /// - Parameter dispatching: Whether a dispatch of this center may be iterating the table.
    func remove(_ attachment: Attachment, dispatching: Bool) {
        preconditionFailure("DispatchTable overrides remove(_:dispatching:)")
    }

    /// The receivers' attachments, in order.
    var receivers: [Attachment] {
        preconditionFailure("DispatchTable overrides receivers")
    }
}

/// The receivers of the conversation `Conversation`, already cast to it.
@MainActor
@usableFromInline
final class DispatchTable<Conversation>: AnyDispatchTable {
    @usableFromInline
    struct Entry {
        @usableFromInline
        let receiver: Conversation
        @usableFromInline
        let attachment: Attachment
    }

    /// The receivers, in order: `count` entries from `base`.
    ///
    /// A plain pointer and count rather than an array, so a send reads them with no reference
    /// counting. The memory under a running dispatch never changes and never goes away: while a
    /// dispatch of the center runs, `insert` and `remove` write a fresh buffer and park the old
    /// one in `parked` until a change made while no dispatch runs, or the table's end. Written
    /// only there, by code that calls no user code, hence no exclusivity checks on reads.
    /// `nonisolated(unsafe)` only so that `deinit` may free the memory.
    @usableFromInline
    @exclusivity(unchecked)
    nonisolated(unsafe) var base: UnsafeMutablePointer<Entry>
    @usableFromInline
    @exclusivity(unchecked)
    nonisolated(unsafe) var count = 0
    private var capacity: Int
    nonisolated(unsafe) private var parked: [(base: UnsafeMutablePointer<Entry>, count: Int)] = []

    init() {
        capacity = 4
        base = .allocate(capacity: capacity)
        super.init(key: ObjectIdentifier(Conversation.self), name: conversationName(of: Conversation.self))
    }

    deinit {
        Self.free(base, count: count)
        for buffer in parked {
            Self.free(buffer.base, count: buffer.count)
        }
    }

    /// The receivers as a collection, valid until the next insert or remove.
    var entries: UnsafeBufferPointer<Entry> {
        UnsafeBufferPointer(start: base, count: count)
    }

    override func insert(_ attachment: Attachment, dispatching: Bool) {
        guard let receiver = attachment.controller as? Conversation else { return }
        if !dispatching { releaseParked() }
        let position = entries.partitioningIndex { attachment.precedes($0.attachment) }
        let entry = Entry(receiver: receiver, attachment: attachment)
        if dispatching || count == capacity {
            let newCapacity = count == capacity ? capacity * 2 : capacity
            let fresh = UnsafeMutablePointer<Entry>.allocate(capacity: newCapacity)
            fresh.initialize(from: base, count: position)
            (fresh + position).initialize(to: entry)
            (fresh + position + 1).initialize(from: base + position, count: count - position)
            replaceBuffer(with: fresh, count: count + 1, dispatching: dispatching)
            capacity = newCapacity
        } else {
            (base + position + 1).moveInitialize(from: base + position, count: count - position)
            (base + position).initialize(to: entry)
            count += 1
        }
    }

    override func remove(_ attachment: Attachment, dispatching: Bool) {
        if !dispatching { releaseParked() }
        let position = entries.partitioningIndex { !$0.attachment.precedes(attachment) }
        guard position < count, base[position].attachment === attachment else { return }
        if dispatching {
            let fresh = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
            fresh.initialize(from: base, count: position)
            (fresh + position).initialize(from: base + position + 1, count: count - position - 1)
            replaceBuffer(with: fresh, count: count - 1, dispatching: true)
        } else {
            (base + position).deinitialize(count: 1)
            (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
            count -= 1
        }
    }

    /// Makes `fresh` the table's buffer; the old one is parked if a dispatch may be reading it,
    /// freed otherwise.
    private func replaceBuffer(with fresh: UnsafeMutablePointer<Entry>, count newCount: Int, dispatching: Bool) {
        if dispatching {
            parked.append((base, count))
        } else {
            Self.free(base, count: count)
        }
        base = fresh
        count = newCount
    }

    /// Frees the buffers parked by earlier dispatches; called only when none runs.
    private func releaseParked() {
        for buffer in parked {
            Self.free(buffer.base, count: buffer.count)
        }
        parked.removeAll()
    }

    private nonisolated static func free(_ buffer: UnsafeMutablePointer<Entry>, count: Int) {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}
