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

    /// The receivers, which a dispatch reads through an unretained buffer pointer.
    ///
    /// So that the buffer under a running dispatch never changes or goes away, `insert` and
    /// `remove` never write it in place while a dispatch of the center runs: they park it in
    /// `parked` first, which makes the write copy. Mutated only there, by code that calls no user
    /// code, hence no exclusivity checks on reads.
    @usableFromInline
    @exclusivity(unchecked)
    var entries: ContiguousArray<Entry> = []

    /// Buffers that dispatches may still be reading; dropped at the next change made while no
    /// dispatch runs.
    private var parked: [ContiguousArray<Entry>] = []

    init() {
        super.init(key: ObjectIdentifier(Conversation.self), name: conversationName(of: Conversation.self))
    }

    override func insert(_ attachment: Attachment, dispatching: Bool) {
        guard let receiver = attachment.controller as? Conversation else { return }
        let position = entries.partitioningIndex { attachment.precedes($0.attachment) }
        keepReadable(dispatching)
        entries.insert(Entry(receiver: receiver, attachment: attachment), at: position)
    }

    override func remove(_ attachment: Attachment, dispatching: Bool) {
        let position = entries.partitioningIndex { !$0.attachment.precedes(attachment) }
        if position < entries.count, entries[position].attachment === attachment {
            keepReadable(dispatching)
            entries.remove(at: position)
        }
    }

    private func keepReadable(_ dispatching: Bool) {
        if dispatching {
            parked.append(entries)
        } else if !parked.isEmpty {
            parked.removeAll()
        }
    }

    override var receivers: [Attachment] {
        entries.map(\.attachment)
    }
}
